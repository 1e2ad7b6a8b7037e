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
}
