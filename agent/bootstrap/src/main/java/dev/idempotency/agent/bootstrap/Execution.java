package dev.idempotency.agent.bootstrap;

/**
 * One claimed execution of the application. The adapter reports exactly one outcome, on every
 * exit path: normal return, exception, client disconnect, or the end of an async request.
 */
public interface Execution {

    /**
     * The application has finished. {@code failure} is the exception the application threw, or
     * {@code null}; {@code clientGone} is true when writing to the client failed.
     */
    void finish(CapturedResponse response, Throwable failure, boolean clientGone);

    /** The largest body copy worth keeping; the adapter stops copying beyond it. */
    int responseCaptureLimit();
}
