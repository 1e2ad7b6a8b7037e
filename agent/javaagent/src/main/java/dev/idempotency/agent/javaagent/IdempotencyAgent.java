package dev.idempotency.agent.javaagent;

import java.lang.instrument.Instrumentation;

/**
 * Entry point of {@code -javaagent:idempotency-agent.jar=config=/path/agent.yaml} and of a runtime
 * attach. Nothing may escape from here: an agent that throws in premain takes the service down.
 */
public final class IdempotencyAgent {

    private IdempotencyAgent() {
    }

    public static void premain(String args, Instrumentation instrumentation) {
        start(args, instrumentation, true);
    }

    public static void agentmain(String args, Instrumentation instrumentation) {
        start(args, instrumentation, false);
    }

    private static void start(String args, Instrumentation instrumentation, boolean atJvmStart) {
        try {
            AgentStartup.start(args, instrumentation, atJvmStart);
        } catch (Throwable failure) {
            Diagnostics.error("failed to start; the service runs UNPROTECTED", failure);
            AgentStartup.notRunning("failed to start; the service runs UNPROTECTED: " + failure);
        }
    }
}
