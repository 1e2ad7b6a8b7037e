package dev.idempotency.demo.ee;

import dev.idempotency.demo.orders.ApiReply;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/** An orders-API reply as a JAX-RS response: status, content type, extra headers and body bytes. */
final class Replies {

    private Replies() {}

    static Response of(ApiReply reply) {
        Response.ResponseBuilder response = Response.status(reply.status())
                .type(reply.contentType())
                .entity(reply.bytes());
        for (Map.Entry<String, String> header : reply.headers().entrySet()) {
            response.header(header.getKey(), header.getValue());
        }
        return response.build();
    }
}
