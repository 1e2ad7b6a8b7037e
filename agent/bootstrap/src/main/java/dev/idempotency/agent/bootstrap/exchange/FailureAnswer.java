package dev.idempotency.agent.bootstrap.exchange;

import dev.idempotency.agent.bootstrap.Verdict;

/**
 * The agent's 500 ({@code idempotency-agent-failure}), for when an adapter cannot write the answer
 * the agent decided on: the application must not run in its place, so the client gets the problem
 * body if the runtime can still write one, else the runtime's own error answer, else nothing.
 */
public final class FailureAnswer {

    /** One runtime's response, as far as the agent's 500 needs it. */
    public interface Writer {

        /**
         * Drops whatever the response holds and writes {@code status}, {@code contentType} and
         * {@code body}; throws when it cannot (the response committed, say).
         */
        void writeWhole(int status, String contentType, byte[] body) throws Exception;

        /** The runtime's own error answer with {@code status}: its most basic call, for when {@link #writeWhole} failed. */
        void sendError(int status) throws Exception;
    }

    private FailureAnswer() {
    }

    /** Writes the agent's 500 for {@code verdict} through {@code writer}; the status sent, or 0 when none could be. */
    public static int write(Verdict verdict, Writer writer) {
        try {
            writer.writeWhole(Verdict.FAILURE_STATUS, Verdict.PROBLEM_CONTENT_TYPE, verdict.failureBody());
            return Verdict.FAILURE_STATUS;
        } catch (Throwable failure) {
            try {
                writer.sendError(Verdict.FAILURE_STATUS);
                return Verdict.FAILURE_STATUS;
            } catch (Throwable last) {
                return 0;
            }
        }
    }
}
