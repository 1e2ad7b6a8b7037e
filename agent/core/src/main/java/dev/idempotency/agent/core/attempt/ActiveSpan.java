package dev.idempotency.agent.core.attempt;

import java.lang.ref.WeakReference;
import java.lang.reflect.Method;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The span the application's own OpenTelemetry API holds active on the request thread (put there
 * by the OpenTelemetry agent or the application), read by reflection through the thread's context
 * class loader: the agent has no OpenTelemetry of its own and adds none to the application. Keeps
 * nothing that pins an application's class loader: loaders are weak keys, the API class is held
 * weakly (its loader holds it), and the looked-up methods live with that class.
 */
final class ActiveSpan {

    private static final String SPAN = "io.opentelemetry.api.trace.Span";
    /** Per loader: the Span class, or an empty reference when the loader has no OpenTelemetry API. */
    private static final Map<ClassLoader, WeakReference<Class<?>>> SPAN_CLASSES =
            Collections.synchronizedMap(new WeakHashMap<>());
    private static final WeakReference<Class<?>> NONE = new WeakReference<>(null);
    private static final ClassValue<Accessors> ACCESSORS = new ClassValue<Accessors>() {
        @Override
        protected Accessors computeValue(Class<?> spanClass) {
            return Accessors.of(spanClass);
        }
    };

    private ActiveSpan() {
    }

    /** The active span's trace position, or {@code null}: no OpenTelemetry API, no valid active span. */
    static TraceParent current() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            return null;
        }
        Class<?> spanClass = spanClass(loader);
        if (spanClass == null) {
            return null;
        }
        Accessors accessors = ACCESSORS.get(spanClass);
        return accessors == null ? null : accessors.read();
    }

    private static Class<?> spanClass(ClassLoader loader) {
        WeakReference<Class<?>> known = SPAN_CLASSES.get(loader);
        if (known == null) {
            Class<?> found;
            try {
                found = Class.forName(SPAN, false, loader);
            } catch (ClassNotFoundException | LinkageError absent) {
                found = null;
            }
            known = found == null ? NONE : new WeakReference<>(found);
            SPAN_CLASSES.put(loader, known);
        }
        return known.get();
    }

    /** {@code Span.current().getSpanContext()} and the three methods of a span context, looked up once per API class. */
    private static final class Accessors {
        private final Method current;
        private final Method spanContext;
        private final Method isValid;
        private final Method traceId;
        private final Method spanId;

        private Accessors(Method current, Method spanContext, Method isValid, Method traceId, Method spanId) {
            this.current = current;
            this.spanContext = spanContext;
            this.isValid = isValid;
            this.traceId = traceId;
            this.spanId = spanId;
        }

        static Accessors of(Class<?> spanClass) {
            try {
                Method spanContext = spanClass.getMethod("getSpanContext");
                Class<?> context = spanContext.getReturnType();
                return new Accessors(spanClass.getMethod("current"), spanContext, context.getMethod("isValid"),
                        context.getMethod("getTraceId"), context.getMethod("getSpanId"));
            } catch (NoSuchMethodException | SecurityException | LinkageError unexpectedApi) {
                return null;
            }
        }

        TraceParent read() {
            try {
                Object context = spanContext.invoke(current.invoke(null));
                if (context == null || !Boolean.TRUE.equals(isValid.invoke(context))) {
                    return null;
                }
                return TraceParent.of((String) traceId.invoke(context), (String) spanId.invoke(context));
            } catch (ReflectiveOperationException | RuntimeException | LinkageError broken) {
                return null;
            }
        }
    }
}
