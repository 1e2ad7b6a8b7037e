package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.HeaderTarget;
import javax.servlet.http.HttpServletResponse;

/** The response's own setters: a name's first value replaces what it holds, {@code Content-Type} included. */
final class ResponseHeaderSetters implements HeaderTarget {

    private final HttpServletResponse response;

    ResponseHeaderSetters(HttpServletResponse response) {
        this.response = response;
    }

    @Override
    public void set(String name, String value) {
        if ("Content-Type".equalsIgnoreCase(name)) {
            response.setContentType(value);
        } else {
            response.setHeader(name, value);
        }
    }

    @Override
    public void add(String name, String value) {
        response.addHeader(name, value);
    }
}
