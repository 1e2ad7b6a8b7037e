package dev.idempotency.agent.core.fingerprint;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One canonical byte form per JSON value, so that bodies meaning the same thing hash the same:
 * object keys sorted, no insignificant whitespace, numbers normalised ({@code 10}, {@code 10.0}
 * and {@code 1e1} agree), ignored fields removed. Duplicate keys and trailing content count as
 * unparsable: their meaning depends on the reader.
 */
final class JsonCanonicalizer {

    // The parser alone: Jackson's data binding would cost the first protected request several
    // hundred classes for a tree this class builds from plain maps and lists.
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** Stands for JSON {@code null} in the tree (a map or list cannot tell it from a missing value). */
    private static final Object NULL = new Object();

    private final IgnoredFields ignored;

    JsonCanonicalizer(IgnoredFields ignored) {
        this.ignored = ignored;
    }

    /** The canonical bytes, or {@code null} when the body is not one JSON value. */
    byte[] canonicalize(byte[] body) {
        try (JsonParser parser = JSON.createParser(body)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return null;
            }
            Object root = value(parser, first);
            if (parser.nextToken() != null) {
                return null;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(body.length);
            try (JsonGenerator generator = JSON.createGenerator(out)) {
                write(root, ignored.tracksPaths() ? "" : null, generator);
            }
            return out.toByteArray();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Objects become maps sorted by key, arrays lists, numbers exact decimals. */
    private static Object value(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT:
                Map<String, Object> object = new TreeMap<>();
                for (JsonToken next = parser.nextToken(); next == JsonToken.FIELD_NAME; next = parser.nextToken()) {
                    String name = parser.currentName();
                    object.put(name, value(parser, parser.nextToken()));
                }
                return object;
            case START_ARRAY:
                List<Object> array = new ArrayList<>();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
                    array.add(value(parser, next));
                }
                return array;
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return parser.getDecimalValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return NULL;
            default:
                throw new IOException("unexpected " + token);
        }
    }

    private void write(Object value, String path, JsonGenerator generator) throws IOException {
        if (value instanceof Map) {
            generator.writeStartObject();
            for (Map.Entry<?, ?> field : ((Map<?, ?>) value).entrySet()) {
                String name = (String) field.getKey();
                String childPath = path == null ? null : path.isEmpty() ? name : path + '.' + name;
                if (!ignored.ignores(name, childPath)) {
                    generator.writeFieldName(name);
                    write(field.getValue(), childPath, generator);
                }
            }
            generator.writeEndObject();
        } else if (value instanceof List) {
            generator.writeStartArray();
            for (Object element : (List<?>) value) {
                write(element, path, generator);
            }
            generator.writeEndArray();
        } else if (value instanceof BigDecimal) {
            generator.writeNumber(((BigDecimal) value).stripTrailingZeros().toString());
        } else if (value instanceof String) {
            generator.writeString((String) value);
        } else if (value instanceof Boolean) {
            generator.writeBoolean((Boolean) value);
        } else {
            generator.writeNull();
        }
    }
}
