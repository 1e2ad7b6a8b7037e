package dev.idempotency.agent.core.problem;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** One problem+json document (RFC 9457): type, title, status, what to do, and the request id. */
public final class Problem {

    public static final String CONTENT_TYPE = "application/problem+json";

    // The generator alone: the agent's answers must not load Jackson's data binding.
    private static final JsonFactory JSON = new JsonFactory();

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
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeStringField("type", type.uri());
            json.writeStringField("title", type.title());
            json.writeNumberField("status", status);
            json.writeStringField("detail", detail);
            json.writeStringField("requestId", requestId);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return out.toByteArray();
    }
}
