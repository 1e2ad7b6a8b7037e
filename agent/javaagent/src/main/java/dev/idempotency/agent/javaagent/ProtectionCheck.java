package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.config.DurationText;
import java.time.Duration;

/**
 * Once the application has had time to start ({@code protection-check-after}), says on stderr,
 * once per endpoint, which declared endpoints no instrumented entry point serves: the start-up
 * line only says what was declared, and an endpoint without an entry point would otherwise run
 * unprotected in silence.
 */
final class ProtectionCheck {

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
        String[] warnings = status.getWarnings();
        String cause = warnings.length > 0
                ? "the instrumentation failed (" + warnings.length + " warning(s); the first: " + warnings[0] + ")"
                : status.servesPathsOnly()
                        ? "it is declared by resource method, and no JAX-RS runtime (Jersey, RESTEasy) was instrumented"
                        : "the application has loaded no servlet, filter or JAX-RS runtime class (Jersey, RESTEasy) since the agent started";
        for (String endpoint : unprotected) {
            String message = endpoint + ": no instrumented entry point serves it " + DurationText.format(after)
                    + " after start, so its requests run UNPROTECTED. Cause: " + cause + ". Fix: if the service is up "
                    + "and serves this endpoint, act on the cause (supported hosts are listed in the README); if it "
                    + "needs longer to start, raise protection-check-after. `status <pid>` shows the entry points.";
            Diagnostics.warn(message);
            status.warned(message);
        }
    }
}
