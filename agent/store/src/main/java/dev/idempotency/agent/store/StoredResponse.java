package dev.idempotency.agent.store;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The replayable part of a response: status, allow-listed headers, and the body if it was retained. */
public final class StoredResponse {

    private final int status;
    private final Map<String, List<String>> headers;
    private final byte[] body;
    private final boolean bodyRetained;

    public StoredResponse(int status, Map<String, List<String>> headers, byte[] body, boolean bodyRetained) {
        this.status = status;
        this.headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        this.body = body == null ? new byte[0] : body;
        this.bodyRetained = bodyRetained;
    }

    public int status() { return status; }
    public Map<String, List<String>> headers() { return headers; }
    public byte[] body() { return body; }
    /** False when the body outgrew the storage limit: only status and headers were kept. */
    public boolean bodyRetained() { return bodyRetained; }
}
