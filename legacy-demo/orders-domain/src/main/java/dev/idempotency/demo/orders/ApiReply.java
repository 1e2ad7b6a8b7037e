package dev.idempotency.demo.orders;

import java.util.Map;

/** A complete HTTP answer for a servlet to write: status, content type, extra headers and body. */
public record ApiReply(int status, String contentType, Map<String, String> headers, String body) {

    public static ApiReply json(int status, String body) {
        return new ApiReply(status, "application/json", Map.of(), body);
    }

    public static ApiReply text(int status, String body) {
        return new ApiReply(status, "text/plain", Map.of(), body);
    }

    public ApiReply withHeaders(Map<String, String> extra) {
        return new ApiReply(status, contentType, extra, body);
    }
}
