package dev.idempotency.agent.servlet.javax;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import javax.servlet.ServletResponse;
import javax.servlet.ServletResponseWrapper;

/**
 * The standard reason phrase on GlassFish and Payara, whose Grizzly writes {@code CUSTOM} for a
 * status its table lacks ({@code HTTP/1.1 422 CUSTOM}); the Servlet API has no way to set a phrase
 * since 6.0. Reached through the container's own response (the facade's {@code response}, its
 * {@code getCoyoteResponse()}, Grizzly's {@code setStatus(int, String)}); on any other container,
 * or where that path is not there, nothing is done: they write the standard phrase, or none.
 */
final class GrizzlyReasonPhrase {

    private static final String FACADE = "org.apache.catalina.connector.ResponseFacade";

    /** Per facade class: the field holding the container's response and the two calls below it, or none. */
    private static final ClassValue<Object[]> PATH = new ClassValue<Object[]>() {
        @Override
        protected Object[] computeValue(Class<?> type) {
            return pathFrom(type);
        }
    };

    private GrizzlyReasonPhrase() {
    }

    /** Sets {@code phrase} as the reason of {@code status} where the container is Grizzly's; never throws. */
    static void set(ServletResponse response, int status, String phrase) {
        try {
            ServletResponse inner = response;
            while (inner instanceof ServletResponseWrapper) {
                inner = ((ServletResponseWrapper) inner).getResponse();
            }
            Object[] path = PATH.get(inner.getClass());
            if (path.length == 0) {
                return;
            }
            Object catalina = ((Field) path[0]).get(inner);
            Object grizzly = ((Method) path[1]).invoke(catalina);
            ((Method) path[2]).invoke(grizzly, status, phrase);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError notThere) {
            // the container's own phrase stands
        }
    }

    private static Object[] pathFrom(Class<?> type) {
        if (!FACADE.equals(type.getName())) {
            return new Object[0];
        }
        try {
            Field response = type.getDeclaredField("response");
            response.setAccessible(true);
            Method coyote = response.getType().getMethod("getCoyoteResponse");
            Method setStatus = coyote.getReturnType().getMethod("setStatus", int.class, String.class);
            if (!setStatus.getDeclaringClass().getName().startsWith("org.glassfish.grizzly.")) {
                return new Object[0];
            }
            return new Object[] {response, coyote, setStatus};
        } catch (ReflectiveOperationException | RuntimeException | LinkageError notGrizzly) {
            return new Object[0];
        }
    }
}
