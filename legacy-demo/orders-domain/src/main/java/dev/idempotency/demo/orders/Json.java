package dev.idempotency.demo.orders;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/** Request and reply bodies, mapped with the demo's own Jackson. */
final class Json {

    /** {@code {"item": ..., "quantity": ...}} */
    static final class CreateOrder {
        private final String item;
        private final Integer quantity;

        @JsonCreator
        CreateOrder(@JsonProperty("item") String item, @JsonProperty("quantity") Integer quantity) {
            this.item = item;
            this.quantity = quantity;
        }

        String item() {
            return item;
        }

        Integer quantity() {
            return quantity;
        }
    }

    /** {@code {"amount": ...}} */
    static final class Pay {
        private final BigDecimal amount;

        @JsonCreator
        Pay(@JsonProperty("amount") BigDecimal amount) {
            this.amount = amount;
        }

        BigDecimal amount() {
            return amount;
        }
    }

    private static final ObjectMapper MAPPER =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private Json() {}

    /** Parses the body; throws {@link BadRequest} on anything that is not valid JSON for the type. */
    static <T> T read(byte[] body, Class<T> type) {
        try {
            T value = MAPPER.readValue(body, type);
            if (value == null) {
                throw new BadRequest("empty JSON body");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new BadRequest("malformed JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BadRequest("unreadable JSON: " + e.getMessage());
        }
    }

    /** A small JSON object whose fields keep the given order: {@code object("id", 1, "state", "created")}. */
    static String object(Object... namesAndValues) {
        Map<Object, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return write(fields);
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    /** A client error that becomes a 400 with a small JSON body. */
    static final class BadRequest extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadRequest(String message) {
            super(message, null, false, false);
        }
    }
}
