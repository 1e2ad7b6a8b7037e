package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.RequestView;
import java.io.ByteArrayOutputStream;
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
final class ServletRequestView implements RequestView {

    private final HttpServletRequest request;
    private final String path;
    private BufferedBody body;

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
    public byte[] body(int limit) throws IOException {
        if (body == null) {
            body = BufferedBody.read(request.getInputStream(), limit);
        }
        return body.complete() ? body.bytes() : null;
    }

    boolean bodyWasRead() {
        return body != null;
    }

    BufferedBody bufferedBody() {
        return body;
    }

    private static String decode(String value) {
        try {
            return URLDecoder.decode(value, StandardCharsets.UTF_8.name());
        } catch (IllegalArgumentException | java.io.UnsupportedEncodingException malformed) {
            return value;
        }
    }

    /** The bytes read ahead of the application, and the rest of the stream if reading stopped at the limit. */
    static final class BufferedBody {
        private final byte[] bytes;
        private final InputStream rest;

        private BufferedBody(byte[] bytes, InputStream rest) {
            this.bytes = bytes;
            this.rest = rest;
        }

        static BufferedBody read(InputStream in, int limit) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(limit, 8192) + 1);
            byte[] chunk = new byte[8192];
            int n;
            while (out.size() <= limit && (n = in.read(chunk, 0, Math.min(chunk.length, limit + 1 - out.size()))) > 0) {
                out.write(chunk, 0, n);
            }
            boolean complete = out.size() <= limit;
            return new BufferedBody(out.toByteArray(), complete ? null : in);
        }

        boolean complete() {
            return rest == null;
        }

        byte[] bytes() {
            return bytes;
        }

        /** What the application reads: the buffered bytes, then whatever was left unread. */
        InputStream replay() {
            InputStream head = new java.io.ByteArrayInputStream(bytes);
            return rest == null ? head : new java.io.SequenceInputStream(head, rest);
        }
    }
}
