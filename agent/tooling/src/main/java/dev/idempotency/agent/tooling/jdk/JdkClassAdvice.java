package dev.idempotency.agent.tooling.jdk;

import dev.idempotency.agent.tooling.AdviceRule;
import dev.idempotency.agent.tooling.AdviceTransformer;
import dev.idempotency.agent.tooling.BridgeVisibility;
import dev.idempotency.agent.tooling.InstrumentationEvents;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.security.ProtectionDomain;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Lays advice on classes of the JDK's, named exactly ({@link JdkClients}, {@link JdkHandOffs}):
 * those loaded later as they load, those already loaded (often before the agent started) at once,
 * by retransformation. A class that cannot be retransformed is said once, with what it costs.
 */
final class JdkClassAdvice {

    private JdkClassAdvice() {
    }

    /**
     * Installs {@code rules} for the classes {@code names} (binary names); returns the names, none
     * when there is no rule. {@code consequence} completes the warning for a class that cannot be
     * instrumented ({@code its calls carry no derived keys}).
     */
    static Set<String> install(Instrumentation instrumentation, List<AdviceRule> rules, List<String> names,
            InstrumentationEvents events, String consequence) {
        if (rules.isEmpty()) {
            return Collections.emptySet();
        }
        Set<String> internalNames = Collections.unmodifiableSet(new LinkedHashSet<>(names.stream()
                .map(name -> name.replace('.', '/')).collect(Collectors.toList())));
        AdviceTransformer advice = new AdviceTransformer(rules, events);
        instrumentation.addTransformer(new ByName(internalNames, advice), true);
        for (Class<?> loaded : instrumentation.getAllLoadedClasses()) {
            if (names.contains(loaded.getName())) {
                try {
                    instrumentation.retransformClasses(loaded);
                } catch (UnmodifiableClassException | RuntimeException | LinkageError failure) {
                    events.failed("could not instrument " + loaded.getName() + ", loaded before the agent: "
                            + BridgeVisibility.withRootCause(failure) + "; " + consequence);
                }
            }
        }
        return Collections.unmodifiableSet(new LinkedHashSet<>(names));
    }

    /** Passes the named classes, and nothing else, to the advice. */
    private static final class ByName implements ClassFileTransformer {
        private final Set<String> internalNames;
        private final AdviceTransformer advice;

        ByName(Set<String> internalNames, AdviceTransformer advice) {
            this.internalNames = internalNames;
            this.advice = advice;
        }

        @Override
        public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
                byte[] bytes) {
            return name != null && internalNames.contains(name)
                    ? advice.transform(loader, name, redefined, domain, bytes) : null;
        }
    }
}
