package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.body.ReadAheadRequestView;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import javax.servlet.http.HttpServletRequest;

/** The core's view of a servlet request. Reads the body at most once and keeps it. */
final class ServletRequestView extends ReadAheadRequestView {

    private final HttpServletRequest request;
    private final String path;

    ServletRequestView(HttpServletRequest request, String path) {
        this.request = request;
        this.path = path;
    }

    /** Request URI without the context path and without path parameters such as {@code ;jsessionid=}. */
    static String pathWithinApplication(HttpServletRequest request) {
        String uri = request.getRequestURI();
        String context = request.getContextPath();
        if (context != null && !context.isEmpty() && uri.startsWith(context)) {
            uri = uri.substring(context.length());
        }
        if (uri.indexOf(';') >= 0) {
            String[] segments = uri.split("/", -1);
            for (int i = 0; i < segments.length; i++) {
                int semicolon = segments[i].indexOf(';');
                if (semicolon >= 0) {
                    segments[i] = segments[i].substring(0, semicolon);
                }
            }
            uri = String.join("/", segments);
        }
        return uri.isEmpty() ? "/" : uri;
    }

    @Override
    public String method() {
        return request.getMethod();
    }

    @Override
    public String path() {
        return path;
    }

    @Override
    public List<String> headers(String name) {
        Enumeration<String> values = request.getHeaders(name);
        return values == null ? Collections.<String>emptyList() : Collections.list(values);
    }

    /** Parsed from the query string itself: {@code getParameter} would consume a form body. */
    @Override
    public List<String> queryParameters(String name) {
        String query = request.getQueryString();
        if (query == null || query.isEmpty()) {
            return Collections.emptyList();
        }
        List<String> values = new ArrayList<>(1);
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq));
            if (key.equals(name)) {
                values.add(eq < 0 ? "" : decode(pair.substring(eq + 1)));
            }
        }
        return values;
    }

    @Override
    public String principal() {
        Principal principal = request.getUserPrincipal();
        return principal != null ? principal.getName() : request.getRemoteUser();
    }

    @Override
    public long contentLength() {
        return request.getContentLengthLong();
    }

    @Override
    protected InputStream openBody() throws IOException {
        return request.getInputStream();
    }

    private static String decode(String value) {
        try {
            return URLDecoder.decode(value, StandardCharsets.UTF_8.name());
        } catch (IllegalArgumentException | java.io.UnsupportedEncodingException malformed) {
            return value;
        }
    }
}
