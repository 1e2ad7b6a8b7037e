package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.config.DurationText;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Once the application has had time to start ({@code protection-check-after}), says on stderr,
 * once per endpoint, which declared endpoints no instrumented entry point serves: the start-up
 * line only says what was declared, and an endpoint without an entry point would otherwise run
 * unprotected in silence.
 */
final class ProtectionCheck {

    private static final String GENERAL_FIX = "if the service is up and serves this endpoint, act on the cause "
            + "(supported hosts are listed in the README); if it needs longer to start, raise protection-check-after";

    private ProtectionCheck() {
    }

    static void schedule(AgentStatus status, Duration after) {
        Thread check = new Thread(() -> {
            try {
                Thread.sleep(after.toMillis());
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
                return;
            }
            report(status, after);
        }, "idempotency-protection-check");
        check.setDaemon(true);
        check.setContextClassLoader(null);
        check.start();
    }

    static void report(AgentStatus status, Duration after) {
        String[] unprotected = status.getUnprotectedEndpoints();
        if (unprotected.length == 0) {
            return;
        }
        String causeAndFix = causeAndFix(status);
        for (String endpoint : unprotected) {
            String message = endpoint + ": no instrumented entry point serves it " + DurationText.format(after)
                    + " after start, so its requests run UNPROTECTED. " + causeAndFix
                    + ". `status <pid>` shows the entry points.";
            status.warn(message);
        }
    }

    /**
     * A disabled group whose classes the application loaded comes first: the operator switched off
     * what would have served the endpoint, and no other fix applies while it stays off.
     */
    private static String causeAndFix(AgentStatus status) {
        Map<String, String> passedOver = status.passedOverGroups();
        if (!passedOver.isEmpty()) {
            String groups = String.join(", ", passedOver.keySet());
            Map.Entry<String, String> first = passedOver.entrySet().iterator().next();
            return "Cause: instrumentation group " + groups + (passedOver.size() == 1 ? " is" : " are")
                    + " disabled by instrumentation.disabled in " + status.getConfigFile() + " (the application loaded "
                    + first.getValue() + ", which " + first.getKey() + " instruments, and it was left as it is). Fix: "
                    + "to protect the endpoint, remove " + groups + " from instrumentation.disabled and restart the service";
        }
        String[] warnings = status.getWarnings();
        String cause = warnings.length > 0
                ? "what the agent warned of (" + warnings.length + " warning(s); the first: " + warnings[0] + ")"
                : status.servesPathsOnly()
                        ? "it is declared by resource method, and no JAX-RS runtime (Jersey, RESTEasy) was instrumented"
                        : "the application has loaded no servlet, filter or JAX-RS runtime class (Jersey, RESTEasy) since the agent started";
        List<String> disabled = status.disabledGroups();
        String switchedOff = disabled.isEmpty() ? "" : "; instrumentation.disabled in " + status.getConfigFile()
                + " also switches off " + String.join(", ", disabled);
        return "Cause: " + cause + switchedOff + ". Fix: " + GENERAL_FIX;
    }
}
