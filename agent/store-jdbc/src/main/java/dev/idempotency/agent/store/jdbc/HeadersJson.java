package dev.idempotency.agent.store.jdbc;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Response headers as the JSON text kept in {@code response_headers}: {"Name": ["value", ...]}.
 * Written and read with Jackson's streaming parser and generator alone, so that the first
 * protected request does not load Jackson's data binding for one small map.
 */
final class HeadersJson {

    private static final JsonFactory JSON = new JsonFactory();

    private HeadersJson() {
    }

    static String write(Map<String, List<String>> headers) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = JSON.createGenerator(text)) {
            generator.writeStartObject();
            for (Map.Entry<String, List<String>> header : headers.entrySet()) {
                generator.writeFieldName(header.getKey());
                generator.writeStartArray();
                for (String value : header.getValue()) {
                    generator.writeString(value);
                }
                generator.writeEndArray();
            }
            generator.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    static Map<String, List<String>> read(String json) {
        if (json == null || json.isEmpty()) {
            return Collections.emptyMap();
        }
        try (JsonParser parser = JSON.createParser(json)) {
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            Map<String, List<String>> headers = new LinkedHashMap<>();
            for (JsonToken token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
                String name = parser.currentName();
                expect(parser.nextToken(), JsonToken.START_ARRAY);
                List<String> values = new ArrayList<>();
                for (JsonToken value = parser.nextToken(); value != JsonToken.END_ARRAY; value = parser.nextToken()) {
                    values.add(value == JsonToken.VALUE_NULL ? null : parser.getValueAsString());
                }
                headers.put(name, values);
            }
            return headers;
        } catch (IOException e) {
            throw new UncheckedIOException("stored response headers are not valid JSON", e);
        }
    }

    private static void expect(JsonToken actual, JsonToken expected) throws IOException {
        if (actual != expected) {
            throw new IOException("expected " + expected + ", found " + actual);
        }
    }
}
