package dev.idempotency.agent.attemptlog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How a request body may appear in the log: only JSON and form bodies, because only those can be
 * redacted field by field; the configured fields hidden at any depth (names compared ignoring
 * case); the result cut to the size cap. A body that cannot be parsed is not logged at all.
 */
final class BodyPolicy {

    static final String REDACTED = "***";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Set<String> redactedNames = new HashSet<>();
    private final int maxBytes;

    BodyPolicy(Collection<String> redactFields, int maxBytes) {
        for (String field : redactFields) {
            redactedNames.add(field.toLowerCase(Locale.ROOT));
        }
        this.maxBytes = maxBytes;
    }

    /** The body as it may be logged, or {@code null} when it must not be. */
    LoggedBody apply(byte[] body, String contentType) {
        if (body == null || body.length == 0) {
            return null;
        }
        String redacted = redact(body, mediaType(contentType));
        return redacted == null ? null : LoggedBody.capped(redacted, maxBytes);
    }

    private String redact(byte[] body, String mediaType) {
        if (mediaType.equals("application/json") || mediaType.endsWith("+json")) {
            return redactJson(body);
        }
        if (mediaType.equals("application/x-www-form-urlencoded")) {
            return redactForm(new String(body, StandardCharsets.UTF_8));
        }
        return null;
    }

    private String redactJson(byte[] body) {
        try {
            JsonNode root = JSON.readTree(body);
            if (root == null || root.isMissingNode()) {
                return null;
            }
            redact(root);
            return JSON.writeValueAsString(root);
        } catch (IOException | RuntimeException unparsable) {
            return null;
        }
    }

    private void redact(JsonNode node) {
        if (node instanceof ObjectNode) {
            ObjectNode object = (ObjectNode) node;
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (isRedacted(field.getKey())) {
                    field.setValue(TextNode.valueOf(REDACTED));
                } else {
                    redact(field.getValue());
                }
            }
        } else if (node instanceof ArrayNode) {
            for (JsonNode element : node) {
                redact(element);
            }
        }
    }

    /** Names are compared decoded; the rest of the body is kept as sent. */
    private String redactForm(String form) {
        StringBuilder out = new StringBuilder(form.length());
        for (String pair : form.split("&", -1)) {
            int equals = pair.indexOf('=');
            String name = equals < 0 ? pair : pair.substring(0, equals);
            String decoded;
            try {
                decoded = URLDecoder.decode(name, "UTF-8");
            } catch (IllegalArgumentException | java.io.UnsupportedEncodingException malformed) {
                return null;
            }
            if (out.length() > 0) {
                out.append('&');
            }
            out.append(isRedacted(decoded) && equals >= 0 ? name + '=' + REDACTED : pair);
        }
        return out.toString();
    }

    private boolean isRedacted(String name) {
        return redactedNames.contains(name.toLowerCase(Locale.ROOT));
    }

    private static String mediaType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }
}
