package dev.idempotency.agent.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * Builds the binder's tree straight from the parser's tokens. An {@code ObjectMapper} would build
 * the same tree, but only after loading and setting up Jackson's whole data-binding machinery
 * (several hundred classes, a third of a second of the service's start); the tree's node classes
 * are all the binder needs. Scalars become the nodes the mapper would make of them.
 */
final class StreamedTree {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private StreamedTree() {
    }

    /** The first value of the parser's input, or {@code null} when the input holds none. */
    static JsonNode read(JsonParser parser) throws IOException {
        JsonToken token = parser.nextToken();
        return token == null ? null : value(parser, token);
    }

    private static JsonNode value(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT:
                return object(parser);
            case START_ARRAY:
                return array(parser);
            case VALUE_STRING:
                return NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT:
                return integer(parser);
            case VALUE_NUMBER_FLOAT:
                return decimal(parser);
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            case VALUE_EMBEDDED_OBJECT:
                Object embedded = parser.getEmbeddedObject();
                return embedded instanceof byte[] ? NODES.binaryNode((byte[]) embedded) : NODES.pojoNode(embedded);
            default:
                throw new IOException("unexpected " + token + " at " + parser.currentLocation());
        }
    }

    private static ObjectNode object(JsonParser parser) throws IOException {
        ObjectNode object = NODES.objectNode();
        for (JsonToken token = parser.nextToken(); token == JsonToken.FIELD_NAME; token = parser.nextToken()) {
            String name = parser.currentName();
            object.set(name, value(parser, parser.nextToken()));
        }
        return object;
    }

    private static ArrayNode array(JsonParser parser) throws IOException {
        ArrayNode array = NODES.arrayNode();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            array.add(value(parser, token));
        }
        return array;
    }

    private static JsonNode integer(JsonParser parser) throws IOException {
        switch (parser.getNumberType()) {
            case INT:
                return NODES.numberNode(parser.getIntValue());
            case LONG:
                return NODES.numberNode(parser.getLongValue());
            default:
                return NODES.numberNode(parser.getBigIntegerValue());
        }
    }

    private static JsonNode decimal(JsonParser parser) throws IOException {
        switch (parser.getNumberType()) {
            case BIG_DECIMAL:
                return NODES.numberNode(parser.getDecimalValue());
            case FLOAT:
                return NODES.numberNode(parser.getFloatValue());
            default:
                return NODES.numberNode(parser.getDoubleValue());
        }
    }
}
