package dev.idempotency.agent.bootstrap;

/**
 * What the client received of an answer of the agent's own (a replay, a refusal): the adapter
 * tells exactly one of the two, once it has written the answer or failed to. The core records the
 * attempt then, so the attempt log and the counters say what the client got, not what the agent
 * meant to send.
 */
public interface AnswerReceipt {

    /** The answer was handed to the host to write, whole. */
    void delivered();

    /**
     * The answer could not be written ({@code cause}); the application did not run.
     * {@code sentStatus} is what the adapter wrote instead ({@link Verdict#FAILURE_STATUS} with
     * {@link #failureBody()}), or 0 when it could write nothing.
     */
    void notDelivered(int sentStatus, Throwable cause);

    /** The problem+json body of the {@link Verdict#FAILURE_STATUS} an adapter writes when the answer fails. */
    byte[] failureBody();
}
