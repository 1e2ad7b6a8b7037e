package dev.idempotency.agent.core.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** One problem+json document (RFC 9457): type, title, status, what to do, and the request id. */
public final class Problem {

    public static final String CONTENT_TYPE = "application/problem+json";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final ProblemType type;
    private final int status;
    private final String detail;
    private final String requestId;

    public Problem(ProblemType type, int status, String detail, String requestId) {
        this.type = type;
        this.status = status;
        this.detail = detail;
        this.requestId = requestId;
    }

    public ProblemType type() {
        return type;
    }

    public int status() {
        return status;
    }

    public String detail() {
        return detail;
    }

    public String requestId() {
        return requestId;
    }

    /** The document as UTF-8 JSON. */
    public byte[] toJson() {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("type", type.uri());
        json.put("title", type.title());
        json.put("status", status);
        json.put("detail", detail);
        json.put("requestId", requestId);
        try {
            return MAPPER.writeValueAsBytes(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of strings always serialises", e);
        }
    }
}
