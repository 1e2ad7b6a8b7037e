package dev.idempotency.agent.bootstrap;

import java.util.List;
import java.util.Map;

/** What the application answered, as the client received it. */
public interface CapturedResponse {

    int status();

    /** Response headers as set by the application (names as written). */
    Map<String, List<String>> headers();

    /** The copied body; complete only when {@link #bodyComplete()} is true. */
    byte[] body();

    /** False when the body outgrew {@link Execution#responseCaptureLimit()}. */
    boolean bodyComplete();

    /**
     * The status the client receives: the one the application set, unless it failed before the
     * response was committed; the container or runtime then answers 500 in its place.
     */
    static int statusReceived(int status, boolean committed, Throwable failure) {
        return failure != null && !committed ? 500 : status;
    }
}
