package dev.idempotency.agent.javaagent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.nameStartsWith;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.util.function.Consumer;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

/** Installs every entry-point instrumentation on the JVM. */
public final class Instrumenter {

    private Instrumenter() {
    }

    /**
     * Installs the instrumentation; classes already loaded (a runtime attach, or a container
     * started before us) are retransformed. {@code problems} receives each class that could not
     * be instrumented.
     */
    public static ResettableClassFileTransformer install(Instrumentation instrumentation, Consumer<String> problems)
            throws IOException {
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
        builder = JaxrsInstrumentation.resteasyJakarta().applyTo(builder);
        return builder.installOn(instrumentation);
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
