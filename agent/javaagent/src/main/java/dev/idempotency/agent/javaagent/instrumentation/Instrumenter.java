package dev.idempotency.agent.javaagent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.ClassFileTransformer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.Nexus;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.JavaModule;

/**
 * Installs the boot delegation and every entry-point instrumentation whose group the operator has
 * not switched off ({@code instrumentation.disabled}).
 */
public final class Instrumenter {

    /** The thread that builds Byte Buddy's transformer while the application starts. */
    static final String BUILD_THREAD = "idempotency-instrumentation-build";

    private Instrumenter() {
    }

    /**
     * At JVM start (premain): registers a pre-filter at once and builds Byte Buddy's transformer on
     * its own thread, so neither Byte Buddy's loading nor its set-up delays the application's
     * start; the first class an instrumentation may want waits for the build. Nothing is loaded yet that
     * would need retransforming. {@code events} hears of each class instrumented, each that could not
     * be, and each a disabled group passed over.
     */
    public static void installAtStart(Instrumentation instrumentation, ClassDefiner definer,
            Collection<String> disabledGroups, InstrumentationEvents events) {
        List<EntryPointInstrumentation> all = EntryPointInstrumentations.all();
        CompletableFuture<ClassFileTransformer> precise = new CompletableFuture<>();
        Thread build = new Thread(() -> {
            try {
                precise.complete(agentBuilder(EntryPointInstrumentations.enabled(all, disabledGroups), definer, events)
                        .makeRaw());
            } catch (Throwable failure) {
                precise.completeExceptionally(failure);
            }
        }, BUILD_THREAD);
        build.setDaemon(true);
        build.start();
        instrumentation.addTransformer(new DeferredTransformer(EntryPointCandidates.of(all, disabledGroups, events),
                precise, events::failed), true);
    }

    /**
     * Installs the instrumentation now; classes already loaded (a runtime attach, or a container
     * started before us) are retransformed. {@code events} hears of each class instrumented, each
     * that could not be, and each a disabled group passed over.
     */
    public static ResettableClassFileTransformer install(Instrumentation instrumentation, ClassDefiner definer,
            Collection<String> disabledGroups, InstrumentationEvents events) throws IOException {
        List<EntryPointInstrumentation> all = EntryPointInstrumentations.all();
        EntryPointCandidates candidates = EntryPointCandidates.of(all, disabledGroups, events);
        return agentBuilder(EntryPointInstrumentations.enabled(all, disabledGroups), definer, events)
                .with((AgentBuilder.TransformerDecorator) precise -> new EntryPointPreFilter(precise, candidates))
                .installOn(instrumentation);
    }

    private static AgentBuilder agentBuilder(List<EntryPointInstrumentation> enabled, ClassDefiner definer,
            InstrumentationEvents events) throws IOException {
        // The agent needs no nexus (it changes no class format); left enabled, Byte Buddy would define
        // its Nexus class in the system class loader, in the application's view, with sun.misc.Unsafe.
        // The property's name is relocated with Byte Buddy, so an application's own Byte Buddy is untouched.
        System.setProperty(Nexus.PROPERTY, "true");
        // The advice is laid into existing classes and no type is generated, so Byte Buddy need not
        // resolve generic signatures; resolving them costs the start about 75 more of its classes and
        // the JDK's reflection on signatures. Relocated too, like the nexus property.
        System.setProperty(TypeDefinition.RAW_TYPES_PROPERTY, "true");
        EventReport report = new EventReport(events);
        AgentBuilder builder = new AgentBuilder.Default()
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(new TypeDescriptionCache())
                .with(TypeDescriptionCache.LOCATION_STRATEGY)
                .with(report)
                .ignore(nameStartsWith("java.")
                        .or(nameStartsWith("jdk."))
                        .or(nameStartsWith("sun."))
                        .or(nameStartsWith("com.sun."))
                        .or(nameStartsWith("dev.idempotency.agent."))
                        .or(isSynthetic()));
        builder = BootDelegation.applyTo(builder);
        for (EntryPointInstrumentation instrumentation : enabled) {
            ElementMatcher<? super TypeDescription> types = instrumentation.typeMatcher();
            report.serving(types, instrumentation.kind());
            builder = applyTo(builder, instrumentation, types, definer);
        }
        return builder;
    }

    /** The adapter defined next to each advised class, then the advice laid on its methods. */
    private static AgentBuilder applyTo(AgentBuilder builder, EntryPointInstrumentation instrumentation,
            ElementMatcher<? super TypeDescription> types, ClassDefiner definer) throws IOException {
        NestedJar adapter = NestedJar.open(instrumentation.adapterJar());
        AgentBuilder.Transformer.ForAdvice advice = new AgentBuilder.Transformer.ForAdvice()
                .include(adapter.adviceLocator())
                .withExceptionHandler(AdviceFailureHandler.reportingFor(instrumentation.group()));
        for (MethodAdvice methodAdvice : instrumentation.advice()) {
            advice = advice.advice(methodAdvice.methods(), methodAdvice.adviceClass());
        }
        return builder
                .type(types, instrumentation.classLoaderMatcher())
                .transform(new HelperInjector(adapter, definer))
                .transform(advice);
    }

    /**
     * Tells the agent's status of each class transformed, with the kind of entry point it is, and of
     * each error in one line.
     */
    private static final class EventReport extends AgentBuilder.Listener.Adapter {
        private final InstrumentationEvents events;
        /** The type matcher of each enabled instrumentation, with the kind it serves, in the order applied. */
        private final List<Map.Entry<ElementMatcher<? super TypeDescription>, EntryPointKind>> kinds = new ArrayList<>();

        EventReport(InstrumentationEvents events) {
            this.events = events;
        }

        void serving(ElementMatcher<? super TypeDescription> types, EntryPointKind kind) {
            kinds.add(Map.entry(types, kind));
        }

        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                DynamicType dynamicType) {
            events.instrumented(type.getName(), loader, kindOf(type));
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded,
                Throwable throwable) {
            events.failed("could not instrument " + typeName + ": " + BridgeVisibility.withRootCause(throwable));
        }

        /** Asks the matchers again: the listener is not told which one matched, and it is once per class. */
        private EntryPointKind kindOf(TypeDescription type) {
            if (type.getName().equals(BootDelegation.JBOSS_MODULE)) {
                return EntryPointKind.CLASS_LOADING;
            }
            for (Map.Entry<ElementMatcher<? super TypeDescription>, EntryPointKind> serving : kinds) {
                if (serving.getKey().matches(type)) {
                    return serving.getValue();
                }
            }
            return null;
        }
    }
}
