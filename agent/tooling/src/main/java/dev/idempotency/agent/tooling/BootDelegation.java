package dev.idempotency.agent.tooling;

import dev.idempotency.agent.tooling.references.BridgeTypes;
import java.util.LinkedHashSet;
import java.util.Collections;
import java.util.Arrays;
import static net.bytebuddy.matcher.ElementMatchers.any;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.util.List;
import java.util.Set;
import net.bytebuddy.asm.Advice;

/**
 * Teaches module systems' class loaders to find the bridge in the bootstrap loader. They delegate
 * to it only for the packages their configuration lists: JBoss Modules (WildFly, JBoss EAP) those
 * of {@code jboss.modules.system.pkgs}, OSGi frameworks (Apache Felix in GlassFish and Payara
 * Server, Eclipse Equinox in Open Liberty) those of {@code org.osgi.framework.bootdelegation}. An
 * adapter defined in such a loader would otherwise fail to link against the bridge, and the
 * service would run unprotected. Advising the one method through which each resolves a class for
 * the classes it defined ({@code Module.loadModuleClass}, the bundle class loaders'
 * {@code loadClass}) spares the operator those properties, as the OpenTelemetry agent does.
 *
 * <p>Not an {@link InstrumentationGroup} and not a group {@code instrumentation.disabled} can
 * name: it serves no endpoint itself, it lets every group's adapter link in a module's loader. Off,
 * it would protect nothing on WildFly, and it changes no lookup but that of the bridge's package.
 */
final class BootDelegation {

    static final String JBOSS_MODULE = "org.jboss.modules.Module";
    /** Apache Felix's loader of one bundle's classes. */
    static final String FELIX_BUNDLE_LOADER = "org.apache.felix.framework.BundleWiringImpl$BundleClassLoader";
    /** Eclipse Equinox's loader of one bundle's classes, the base of {@code EquinoxClassLoader}. */
    static final String EQUINOX_BUNDLE_LOADER = "org.eclipse.osgi.internal.loader.ModuleClassLoader";
    /** Every class the boot delegation advises, by binary name: the pre-filter passes them whatever the config. */
    static final Set<String> CLASS_NAMES = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(JBOSS_MODULE, FELIX_BUNDLE_LOADER, EQUINOX_BUNDLE_LOADER)));

    private BootDelegation() {
    }

    /** One rule per module system, in whatever loader defines its class (the system loader, as a rule). */
    static List<AdviceRule> rules() {
        return Collections.unmodifiableList(Arrays.asList(rule(JBOSS_MODULE, "loadModuleClass"), rule(FELIX_BUNDLE_LOADER, "loadClass"), rule(EQUINOX_BUNDLE_LOADER, "loadClass")));
    }

    private static AdviceRule rule(String type, String method) {
        return AdviceRule.ofAgentAdvice(named(type), any(), GroupRole.CLASS_LOADING,
                Collections.singletonList(new MethodAdvice(named(method).and(takesArguments(String.class, boolean.class)),
                        BridgeFromBootstrapAdvice.class.getName())),
                "boot delegation");
    }

    /**
     * Inlined into a module system's class resolution, {@code (String name, boolean resolve)}: the
     * bridge's classes come from the bootstrap loader, every other name goes on as before. JDK
     * types and constants only.
     */
    static final class BridgeFromBootstrapAdvice {

        private BridgeFromBootstrapAdvice() {
        }

        @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
        static Class<?> fromBootstrap(@Advice.Argument(0) String name) {
            if (name != null && name.startsWith(BridgeTypes.PACKAGE)) {
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
