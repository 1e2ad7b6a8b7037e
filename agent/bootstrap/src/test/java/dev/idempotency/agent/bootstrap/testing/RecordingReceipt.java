package dev.idempotency.agent.bootstrap.testing;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.idempotency.agent.bootstrap.AnswerReceipt;

/** What an adapter told the gate of an answer of the agent's own, for the adapters' tests. */
public final class RecordingReceipt implements AnswerReceipt {

    /** The failure body an adapter writes with the agent's 500 when it cannot write the answer. */
    public static final String FAILURE_BODY = "{\"type\":\"idempotency-agent-failure\"}";

    private volatile String told;

    /** {@code delivered}, {@code not delivered <status sent>: <cause>}, or {@code null} while nothing was told. */
    public String told() {
        return told;
    }

    @Override
    public void delivered() {
        told = "delivered";
    }

    @Override
    public void notDelivered(int sentStatus, Throwable cause) {
        told = "not delivered " + sentStatus + ": " + cause;
    }

    @Override
    public byte[] failureBody() {
        return FAILURE_BODY.getBytes(UTF_8);
    }
}
