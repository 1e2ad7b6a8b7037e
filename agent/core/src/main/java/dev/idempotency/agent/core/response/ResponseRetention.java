package dev.idempotency.agent.core.response;

import java.util.Collections;
import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.store.StoredResponse;
import java.util.Map;

/**
 * Turns what the application answered into what the store keeps: the status, the allow-listed
 * headers, and the body only when it was copied completely and fits the storage limit.
 */
public final class ResponseRetention {

    private final ReplayHeaders headers;
    private final int maxStoredBody;

    public ResponseRetention(ReplayHeaders headers, int maxStoredBody) {
        this.headers = headers;
        this.maxStoredBody = maxStoredBody;
    }

    public ReplayHeaders headers() {
        return headers;
    }

    public int maxStoredBody() {
        return maxStoredBody;
    }

    /** {@code status} is the status to record, already resolved for handlers that failed before setting one. */
    public StoredResponse retain(CapturedResponse captured, int status) {
        if (captured == null) {
            return new StoredResponse(status, Collections.emptyMap(), null, true);
        }
        byte[] body = captured.body();
        boolean retained = captured.bodyComplete() && (body == null || body.length <= maxStoredBody);
        return new StoredResponse(status, headers.filter(captured.headers()), retained ? body : null, retained);
    }
}
