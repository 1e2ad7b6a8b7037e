package dev.idempotency.agent.core.fingerprint;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * One canonical byte form per JSON value, so that bodies meaning the same thing hash the same:
 * object keys sorted, no insignificant whitespace, numbers normalised ({@code 10}, {@code 10.0}
 * and {@code 1e1} agree), ignored fields removed. Duplicate keys and trailing content count as
 * unparsable: their meaning depends on the reader.
 */
final class JsonCanonicalizer {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private final IgnoredFields ignored;

    JsonCanonicalizer(IgnoredFields ignored) {
        this.ignored = ignored;
    }

    /** The canonical bytes, or {@code null} when the body is not one JSON value. */
    byte[] canonicalize(byte[] body) {
        try (JsonParser parser = MAPPER.createParser(body)) {
            JsonNode root = MAPPER.readTree(parser);
            if (root == null || root.isMissingNode()) {
                return null;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(body.length);
            try (JsonGenerator generator = MAPPER.createGenerator(out)) {
                write(root, ignored.tracksPaths() ? "" : null, generator);
            }
            return out.toByteArray();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private void write(JsonNode node, String path, JsonGenerator generator) throws IOException {
        if (node.isObject()) {
            generator.writeStartObject();
            for (String name : sortedNames(node)) {
                String childPath = path == null ? null : path.isEmpty() ? name : path + '.' + name;
                if (!ignored.ignores(name, childPath)) {
                    generator.writeFieldName(name);
                    write(node.get(name), childPath, generator);
                }
            }
            generator.writeEndObject();
        } else if (node.isArray()) {
            generator.writeStartArray();
            for (JsonNode element : node) {
                write(element, path, generator);
            }
            generator.writeEndArray();
        } else if (node.isNumber()) {
            generator.writeNumber(node.decimalValue().stripTrailingZeros().toString());
        } else {
            generator.writeTree(node);
        }
    }

    private static List<String> sortedNames(JsonNode object) {
        List<String> names = new ArrayList<>(object.size());
        for (Iterator<String> it = object.fieldNames(); it.hasNext();) {
            names.add(it.next());
        }
        Collections.sort(names);
        return names;
    }
}
