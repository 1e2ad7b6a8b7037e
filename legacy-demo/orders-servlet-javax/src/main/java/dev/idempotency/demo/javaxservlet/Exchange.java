package dev.idempotency.demo.javaxservlet;

import dev.idempotency.demo.orders.ApiReply;
import dev.idempotency.demo.orders.ApiRequest;
import java.io.IOException;
import java.util.Map;
import javax.servlet.RequestDispatcher;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/** Adapts one javax.servlet request/response pair to the servlet-free orders API. */
final class Exchange implements ApiRequest {

    /** The request attribute that carries the reply body to the view of {@link #forward}. */
    static final String REPLY_BODY = "replyBody";

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

    /**
     * Writes the reply. With the query {@code session=true} the request gets an HttpSession and
     * {@code Location} goes through {@code encodeRedirectURL}, as session-tracking legacy code does:
     * for a client without the session cookie the container appends {@code ;jsessionid=...}.
     */
    void reply(ApiReply reply) throws IOException {
        byte[] body = reply.bytes();
        writeStatusAndHeaders(reply);
        response.setContentType(reply.contentType());
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /**
     * Sets the reply's status and headers and lets {@code view} write its body (and content type),
     * as an MVC framework renders a view: the container closes the response when the forward returns.
     */
    void forward(ApiReply reply, RequestDispatcher view) throws IOException, ServletException {
        writeStatusAndHeaders(reply);
        request.setAttribute(REPLY_BODY, reply.body());
        view.forward(request, response);
    }

    private void writeStatusAndHeaders(ApiReply reply) {
        boolean session = "true".equals(request.getParameter("session"));
        if (session) {
            request.getSession(true);
        }
        response.setStatus(reply.status());
        for (Map.Entry<String, String> header : reply.headers().entrySet()) {
            String value = session && header.getKey().equals("Location")
                    ? response.encodeRedirectURL(header.getValue()) : header.getValue();
            response.addHeader(header.getKey(), value);
        }
    }
}
