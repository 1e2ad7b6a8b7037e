package dev.idempotency.demo.jakartaservlet;

import dev.idempotency.demo.orders.ApiReply;
import dev.idempotency.demo.orders.ApiRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Adapts one jakarta.servlet request/response pair to the servlet-free orders API. */
final class Exchange implements ApiRequest {

    private final HttpServletRequest request;
    private final HttpServletResponse response;

    Exchange(HttpServletRequest request, HttpServletResponse response) {
        this.request = request;
        this.response = response;
    }

    @Override
    public String parameter(String name) {
        return request.getParameter(name);
    }

    @Override
    public byte[] body() throws IOException {
        return request.getInputStream().readAllBytes();
    }

    @Override
    public String contextPath() {
        return request.getContextPath();
    }

    void reply(ApiReply reply) throws IOException {
        byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
        response.setStatus(reply.status());
        response.setContentType(reply.contentType());
        for (Map.Entry<String, String> header : reply.headers().entrySet()) {
            response.addHeader(header.getKey(), header.getValue());
        }
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
