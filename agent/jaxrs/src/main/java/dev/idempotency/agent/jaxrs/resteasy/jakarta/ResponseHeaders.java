package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.RuntimeDelegate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** RESTEasy keeps response headers as objects (media types, URIs, cookies); the store keeps text. */
final class ResponseHeaders {

    private ResponseHeaders() {
    }

    static Map<String, List<String>> asStrings(MultivaluedMap<String, Object> headers) {
        Map<String, List<String>> text = new LinkedHashMap<>();
        for (Map.Entry<String, List<Object>> header : headers.entrySet()) {
            List<String> values = new ArrayList<>(header.getValue().size());
            for (Object value : header.getValue()) {
                values.add(asString(value));
            }
            text.put(header.getKey(), values);
        }
        return text;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String asString(Object value) {
        if (value == null || value instanceof String) {
            return (String) value;
        }
        try {
            RuntimeDelegate.HeaderDelegate delegate = RuntimeDelegate.getInstance().createHeaderDelegate(value.getClass());
            if (delegate != null) {
                return delegate.toString(value);
            }
        } catch (RuntimeException noDelegate) {
            // fall back to the value's own text, as RESTEasy itself does
        }
        return value.toString();
    }
}
