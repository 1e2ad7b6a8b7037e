package dev.idempotency.demo.orders;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/** A complete HTTP answer for a servlet to write: status, content type, extra headers and body. */
public final class ApiReply {

    private final int status;
    private final String contentType;
    private final Map<String, String> headers;
    private final String body;

    public ApiReply(int status, String contentType, Map<String, String> headers, String body) {
        this.status = status;
        this.contentType = contentType;
        this.headers = headers;
        this.body = body;
    }

    public int status() {
        return status;
    }

    public String contentType() {
        return contentType;
    }

    public Map<String, String> headers() {
        return headers;
    }

    public String body() {
        return body;
    }

    public static ApiReply json(int status, String body) {
        return new ApiReply(status, "application/json", Map.of(), body);
    }

    public static ApiReply text(int status, String body) {
        return new ApiReply(status, "text/plain", Map.of(), body);
    }

    public ApiReply withHeaders(Map<String, String> extra) {
        return new ApiReply(status, contentType, extra, body);
    }

    /** The body as sent: UTF-8, gzip-compressed when the headers say {@code Content-Encoding: gzip}. */
    public byte[] bytes() {
        byte[] plain = body.getBytes(StandardCharsets.UTF_8);
        if (!"gzip".equals(headers.get("Content-Encoding"))) {
            return plain;
        }
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(compressed)) {
            gzip.write(plain);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return compressed.toByteArray();
    }
}
