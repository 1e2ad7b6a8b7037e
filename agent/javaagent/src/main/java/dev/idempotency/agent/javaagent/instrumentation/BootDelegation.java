package dev.idempotency.agent.javaagent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;

/**
 * Teaches module class loaders to find the bridge in the bootstrap loader. JBoss Modules (WildFly,
 * JBoss EAP) delegates to the bootstrap loader only for the packages listed in
 * {@code jboss.modules.system.pkgs}; an adapter defined in a module's loader would otherwise fail
 * to link against the bridge, and the service would run unprotected. Advising
 * {@code Module.loadModuleClass}, the one place a module resolves a class of its own, spares the
 * operator that system property (the OpenTelemetry agent does the same).
 *
 * <p>Not an {@link EntryPointInstrumentation} and not a group {@code instrumentation.disabled} can
 * name: it serves no endpoint itself, it lets every group's adapter link in a module's loader. Off,
 * it would protect nothing on WildFly, and it changes no lookup but that of the bridge's package.
 */
final class BootDelegation {

    static final String JBOSS_MODULE = "org.jboss.modules.Module";
    static final String BRIDGE_PACKAGE = "dev.idempotency.agent.bootstrap.";

    private BootDelegation() {
    }

    static AgentBuilder applyTo(AgentBuilder builder) {
        return builder
                .type(named(JBOSS_MODULE))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(BootDelegation.class.getClassLoader())
                        .withExceptionHandler(AdviceFailureHandler.reportingFor("boot delegation"))
                        .advice(named("loadModuleClass").and(takesArguments(String.class, boolean.class)),
                                JBossModulesAdvice.class.getName()));
    }

    /** Inlined into {@code org.jboss.modules.Module}: JDK types and constants only. */
    static final class JBossModulesAdvice {

        private JBossModulesAdvice() {
        }

        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static Class<?> fromBootstrap(@Advice.Argument(0) String name) {
            if (name != null && name.startsWith(BRIDGE_PACKAGE)) {
                try {
                    return Class.forName(name, false, null);
                } catch (ClassNotFoundException absent) {
                    return null;
                }
            }
            return null;
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void answer(@Advice.Enter Class<?> bridgeType, @Advice.Return(readOnly = false) Class<?> result) {
            if (bridgeType != null) {
                result = bridgeType;
            }
        }
    }
}
