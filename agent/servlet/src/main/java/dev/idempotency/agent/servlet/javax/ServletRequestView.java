package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.exchange.HostRequestView;
import java.io.IOException;
import java.io.InputStream;
import java.security.Principal;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import javax.servlet.http.HttpServletRequest;

/** The core's view of a servlet request. Reads the body at most once and keeps it; from the request itself unless a runtime that took it over says otherwise ({@link #openBody}). */
class ServletRequestView extends HostRequestView {

    private final HttpServletRequest request;

    ServletRequestView(HttpServletRequest request, String path, Class<?> entryPoint) {
        super(path, entryPoint);
        this.request = request;
    }

    /**
     * The path the container routed: servlet path plus path info, which the container has
     * decoded and normalised to pick the servlet (the request URI is what the client typed, and
     * {@code //orders} or {@code /%6Frders} reach the same servlet as {@code /orders}). Filters
     * see the same values: the container maps the request before it runs the filter chain.
     */
    static String routedPath(HttpServletRequest request) {
        String servletPath = request.getServletPath();
        String pathInfo = request.getPathInfo();
        String path = (servletPath == null ? "" : servletPath) + (pathInfo == null ? "" : pathInfo);
        return path.isEmpty() ? "/" : path;
    }

    @Override
    public String method() {
        return request.getMethod();
    }

    @Override
    public List<String> headers(String name) {
        Enumeration<String> values = request.getHeaders(name);
        return values == null ? Collections.<String>emptyList() : Collections.list(values);
    }

    /** The query string itself: {@code getParameter} would consume a form body. */
    @Override
    public String rawQuery() {
        return request.getQueryString();
    }

    @Override
    public String principal() {
        Principal principal = request.getUserPrincipal();
        return principal != null ? principal.getName() : request.getRemoteUser();
    }

    /**
     * {@code getContentLength}, which every servlet version has ({@code getContentLengthLong} is
     * 3.1): a length beyond {@code int} reads as unknown, and such a body is refused as too large
     * once more than the endpoint's limit has been read.
     */
    @Override
    public long contentLength() {
        return request.getContentLength();
    }

    @Override
    protected InputStream openBody() throws IOException {
        return request.getInputStream();
    }
}
