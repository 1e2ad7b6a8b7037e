package dev.idempotency.agent.cli.verify;

import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.EndpointConfig;
import dev.idempotency.agent.cli.StatusConnection;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the agent in the service's JVM ({@code --pid}) reports of the declared endpoints: one it
 * says is UNPROTECTED (no instrumented entry point serves it, or a warning of its own says so)
 * fails verify, with the agent's words, whether or not a sample was given: its requests run as if
 * the agent were absent.
 */
final class AgentReports {

    static final String CHECK = "the agent protects it";

    private AgentReports() {
    }

    /** A failed check per declared endpoint the agent reports unprotected; verify stops (exit 2) when it cannot read the agent. */
    static List<CheckResult> unprotected(AgentConfig config, String pid, PrintStream err) {
        List<String> unprotected = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        int read = StatusConnection.read("verify", pid, err, (jmx, status, jvm) -> {
            unprotected.addAll(Arrays.asList((String[]) jmx.getAttribute(status, "UnprotectedEndpoints")));
            warnings.addAll(Arrays.asList((String[]) jmx.getAttribute(status, "Warnings")));
        });
        if (read != 0) {
            throw new SampleRefused("--pid " + pid + ": the agent's status could not be read (said above)");
        }
        List<CheckResult> failed = new ArrayList<>();
        for (EndpointConfig endpoint : config.endpoints()) {
            String name = endpoint.name();
            String why = unprotected.stream().anyMatch(declared -> declared.startsWith(name + " "))
                    ? "the agent in process " + pid + " reports it UNPROTECTED: no instrumented entry point serves it "
                            + "(status " + pid + " says why)"
                    : warnings.stream().filter(warning -> warning.startsWith("endpoint " + name + ": ")
                            && warning.contains("UNPROTECTED")).findFirst()
                            .map(warning -> "the agent in process " + pid + " warned: " + warning).orElse(null);
            if (why != null) {
                failed.add(CheckResult.failed(name, CHECK, why));
            }
        }
        return failed;
    }
}
