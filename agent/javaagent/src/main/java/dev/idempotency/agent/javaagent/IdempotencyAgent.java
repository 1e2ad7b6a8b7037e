package dev.idempotency.agent.javaagent;

import java.lang.instrument.Instrumentation;

/** Entry point of {@code -javaagent:idempotency-agent.jar=config=/path/agent.yaml}. */
public final class IdempotencyAgent {

    private IdempotencyAgent() {
    }

    public static void premain(String args, Instrumentation instrumentation) {
    }

    public static void agentmain(String args, Instrumentation instrumentation) {
    }
}
