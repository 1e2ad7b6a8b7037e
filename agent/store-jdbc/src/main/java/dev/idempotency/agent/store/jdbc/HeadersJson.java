package dev.idempotency.agent.store.jdbc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Response headers as the JSON text kept in {@code response_headers}: {"Name": ["value", ...]}. */
final class HeadersJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final TypeReference<Map<String, List<String>>> HEADERS = new TypeReference<>() { };

    private HeadersJson() {
    }

    static String write(Map<String, List<String>> headers) {
        try {
            return MAPPER.writeValueAsString(headers);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, List<String>> read(String json) {
        if (json == null || json.isEmpty()) {
            return Collections.emptyMap();
        }
        try {
            return MAPPER.readValue(json, HEADERS);
        } catch (IOException e) {
            throw new UncheckedIOException("stored response headers are not valid JSON", e);
        }
    }
}
