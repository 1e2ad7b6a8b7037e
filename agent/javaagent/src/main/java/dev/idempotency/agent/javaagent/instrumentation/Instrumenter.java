package dev.idempotency.agent.javaagent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.ClassFileTransformer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

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
     * would need retransforming. {@code problems} receives each class that could not be instrumented.
     */
    public static void installAtStart(Instrumentation instrumentation, Consumer<String> problems) {
        CompletableFuture<ClassFileTransformer> precise = new CompletableFuture<>();
        Thread build = new Thread(() -> {
            try {
                precise.complete(agentBuilder(problems).makeRaw());
            } catch (Throwable failure) {
                precise.completeExceptionally(failure);
            }
        }, BUILD_THREAD);
        build.setDaemon(true);
        build.start();
        instrumentation.addTransformer(new DeferredTransformer(EntryPointCandidates.of(NAMESPACES), precise,
                problems), true);
    }

    /**
     * Installs the instrumentation now; classes already loaded (a runtime attach, or a container
     * started before us) are retransformed. {@code problems} receives each class that could not
     * be instrumented.
     */
    public static ResettableClassFileTransformer install(Instrumentation instrumentation, Consumer<String> problems)
            throws IOException {
        EntryPointCandidates candidates = EntryPointCandidates.of(NAMESPACES);
        return agentBuilder(problems)
                .with((AgentBuilder.TransformerDecorator) precise -> new EntryPointPreFilter(precise, candidates))
                .installOn(instrumentation);
    }

    private static AgentBuilder agentBuilder(Consumer<String> problems) throws IOException {
        AgentBuilder builder = new AgentBuilder.Default()
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(new TypeDescriptionCache())
                .with(new FailureReport(problems))
                .ignore(nameStartsWith("java.")
                        .or(nameStartsWith("jdk."))
                        .or(nameStartsWith("sun."))
                        .or(nameStartsWith("com.sun."))
                        .or(nameStartsWith("dev.idempotency.agent."))
                        .or(isSynthetic()));
        builder = ServletInstrumentation.javax().applyTo(builder);
        builder = ServletInstrumentation.jakarta().applyTo(builder);
        builder = JaxrsInstrumentation.jerseyJavax().applyTo(builder);
        builder = JaxrsInstrumentation.jerseyJakarta().applyTo(builder);
        return JaxrsInstrumentation.resteasyJakarta().applyTo(builder);
    }

    /** Turns Byte Buddy's transformation errors into one line each. */
    private static final class FailureReport extends AgentBuilder.Listener.Adapter {
        private final Consumer<String> problems;

        FailureReport(Consumer<String> problems) {
            this.problems = problems;
        }

        @Override
        public void onError(String typeName, ClassLoader loader, net.bytebuddy.utility.JavaModule module,
                boolean loaded, Throwable throwable) {
            problems.accept("could not instrument " + typeName + ": " + throwable);
        }
    }
}
