package dev.idempotency.agent.javaagent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.ClassFileTransformer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.Nexus;
import net.bytebuddy.utility.JavaModule;

/** Installs every entry-point instrumentation on the JVM. */
public final class Instrumenter {

    /** The servlet APIs instrumented, each by its {@link ServletInstrumentation}. */
    private static final List<String> NAMESPACES = List.of("javax", "jakarta");
    /** The thread that builds Byte Buddy's transformer while the application starts. */
    static final String BUILD_THREAD = "idempotency-instrumentation-build";

    private Instrumenter() {
    }

    /**
     * At JVM start (premain): registers a pre-filter at once and builds Byte Buddy's transformer on
     * its own thread, so neither Byte Buddy's loading nor its set-up delays the application's
     * start; the first class an instrumentation may want waits for the build. Nothing is loaded yet that
     * would need retransforming. {@code events} hears of each class instrumented and each that could not be.
     */
    public static void installAtStart(Instrumentation instrumentation, ClassDefiner definer, InstrumentationEvents events) {
        CompletableFuture<ClassFileTransformer> precise = new CompletableFuture<>();
        Thread build = new Thread(() -> {
            try {
                precise.complete(agentBuilder(definer, events).makeRaw());
            } catch (Throwable failure) {
                precise.completeExceptionally(failure);
            }
        }, BUILD_THREAD);
        build.setDaemon(true);
        build.start();
        instrumentation.addTransformer(new DeferredTransformer(EntryPointCandidates.of(NAMESPACES), precise,
                events::failed), true);
    }

    /**
     * Installs the instrumentation now; classes already loaded (a runtime attach, or a container
     * started before us) are retransformed. {@code events} hears of each class instrumented and
     * each that could not be.
     */
    public static ResettableClassFileTransformer install(Instrumentation instrumentation, ClassDefiner definer,
            InstrumentationEvents events) throws IOException {
        EntryPointCandidates candidates = EntryPointCandidates.of(NAMESPACES);
        return agentBuilder(definer, events)
                .with((AgentBuilder.TransformerDecorator) precise -> new EntryPointPreFilter(precise, candidates))
                .installOn(instrumentation);
    }

    private static AgentBuilder agentBuilder(ClassDefiner definer, InstrumentationEvents events) throws IOException {
        // The agent needs no nexus (it changes no class format); left enabled, Byte Buddy would define
        // its Nexus class in the system class loader, in the application's view, with sun.misc.Unsafe.
        // The property's name is relocated with Byte Buddy, so an application's own Byte Buddy is untouched.
        System.setProperty(Nexus.PROPERTY, "true");
        AgentBuilder builder = new AgentBuilder.Default()
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(new TypeDescriptionCache())
                .with(TypeDescriptionCache.LOCATION_STRATEGY)
                .with(new EventReport(events))
                .ignore(nameStartsWith("java.")
                        .or(nameStartsWith("jdk."))
                        .or(nameStartsWith("sun."))
                        .or(nameStartsWith("com.sun."))
                        .or(nameStartsWith("dev.idempotency.agent."))
                        .or(isSynthetic()));
        builder = BootDelegation.applyTo(builder);
        builder = ServletInstrumentation.javax(definer).applyTo(builder);
        builder = ServletInstrumentation.jakarta(definer).applyTo(builder);
        builder = JaxrsInstrumentation.jerseyJavax(definer).applyTo(builder);
        builder = JaxrsInstrumentation.jerseyJakarta(definer).applyTo(builder);
        return JaxrsInstrumentation.resteasyJakarta(definer).applyTo(builder);
    }

    /** Tells the agent's status of each class transformed, and of each error in one line. */
    private static final class EventReport extends AgentBuilder.Listener.Adapter {
        private final InstrumentationEvents events;

        EventReport(InstrumentationEvents events) {
            this.events = events;
        }

        @Override
        public void onTransformation(TypeDescription type, ClassLoader loader, JavaModule module, boolean loaded,
                DynamicType dynamicType) {
            events.instrumented(type.getName(), loader);
        }

        @Override
        public void onError(String typeName, ClassLoader loader, JavaModule module, boolean loaded,
                Throwable throwable) {
            events.failed("could not instrument " + typeName + ": " + BridgeVisibility.withRootCause(throwable));
        }
    }
}
