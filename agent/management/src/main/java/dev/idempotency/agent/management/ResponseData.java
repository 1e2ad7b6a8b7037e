package dev.idempotency.agent.management;

import dev.idempotency.agent.store.StoredResponse;
import java.util.List;
import java.util.Map;
import java.beans.ConstructorProperties;

/**
 * A stored response as it crosses JMX between the operator's commands and a running service's
 * agent ({@link FileStoreAccessMXBean}): the MXBean framework maps its getters to a
 * {@code CompositeData} of JDK open types (the headers to a {@code TabularData}, in their order)
 * and builds it again on the other side through the annotated constructor.
 */
public final class ResponseData {

    private final StoredResponse response;

    @ConstructorProperties({"status", "headers", "body", "bodyRetained"})
    public ResponseData(int status, Map<String, List<String>> headers, byte[] body, boolean bodyRetained) {
        this(new StoredResponse(status, headers, body, bodyRetained));
    }

    private ResponseData(StoredResponse response) {
        this.response = response;
    }

    /** {@code response} as it crosses; null for none. */
    public static ResponseData of(StoredResponse response) {
        return response == null ? null : new ResponseData(response);
    }

    /** The stored response. */
    public StoredResponse stored() {
        return response;
    }

    public int getStatus() {
        return response.status();
    }

    public Map<String, List<String>> getHeaders() {
        return response.headers();
    }

    public byte[] getBody() {
        return response.body();
    }

    public boolean isBodyRetained() {
        return response.bodyRetained();
    }
}
