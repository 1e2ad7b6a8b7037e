package dev.idempotency.agent.cli.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;

/**
 * How the service counts an endpoint's effects: {@code --count create-order=/stats,/orders} reads
 * {@code GET /stats} and the number at JSON pointer {@code /orders}; {@code length} counts the
 * elements of a JSON array. Lets verify assert "exactly one more" where a service can tell.
 */
final class EffectCount {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI uri;
    private final String pointer;

    EffectCount(URI uri, String pointer) {
        this.uri = uri;
        this.pointer = pointer;
    }

    long read(Probe probe) {
        Answer answer = probe.get(uri);
        if (!answer.is2xx()) {
            throw new IllegalStateException("GET " + uri + " answered " + answer.describe());
        }
        JsonNode document;
        try {
            document = JSON.readTree(answer.body());
        } catch (IOException e) {
            throw new IllegalStateException("GET " + uri + " is not JSON: " + e.getMessage());
        }
        if (pointer.equals("length")) {
            if (!document.isArray()) {
                throw new IllegalStateException("GET " + uri + " is not a JSON array, so it has no length");
            }
            return document.size();
        }
        JsonNode value = document.at(pointer);
        if (!value.isNumber()) {
            throw new IllegalStateException("GET " + uri + " has no number at " + pointer);
        }
        return value.asLong();
    }

    @Override
    public String toString() {
        return "GET " + uri + " " + pointer;
    }
}
