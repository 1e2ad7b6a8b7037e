package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.body.RequestBody;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.servlet.AsyncContext;
import javax.servlet.DispatcherType;
import javax.servlet.ServletResponse;
import javax.servlet.ServletRequest;
import javax.servlet.ReadListener;
import javax.servlet.ServletInputStream;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletRequestWrapper;

/**
 * Gives the application the body the agent already read: as a stream, as a reader, and as
 * parameters of a form post (the container can no longer parse a body it does not have). Without
 * such a body (the agent read none) it leaves the body to the container, and is there for the
 * hooks: the outcome is taken before an async {@code complete()}, and the dispatcher type tells
 * whether a close comes from inside an include.
 */
final class BufferedRequest extends HttpServletRequestWrapper {

    private static final String FORM = "application/x-www-form-urlencoded";

    /** {@code null} when the agent read no body. */
    private final RequestBody body;
    private final CapturingResponse response;
    private ServletInputStream stream;
    private BufferedReader reader;
    private Map<String, String[]> parameters;
    /** Runs before the application's {@code AsyncContext.complete()}; nothing until the exchange sets it. */
    private volatile Runnable beforeAsyncComplete = () -> { };
    private volatile AsyncContext asyncContext;

    BufferedRequest(HttpServletRequest request, RequestBody body, CapturingResponse response) {
        super(request);
        this.body = body;
        this.response = response;
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
        if (body == null) {
            return super.getInputStream();
        }
        if (stream == null) {
            stream = new ReplayInputStream(body.replay());
        }
        return stream;
    }

    @Override
    public BufferedReader getReader() throws IOException {
        if (body == null) {
            return super.getReader();
        }
        if (reader == null) {
            reader = new BufferedReader(new InputStreamReader(getInputStream(), charset()));
        }
        return reader;
    }

    @Override
    public String getParameter(String name) {
        if (body == null) {
            return super.getParameter(name);
        }
        String[] values = parameters().get(name);
        return values == null || values.length == 0 ? null : values[0];
    }

    @Override
    public String[] getParameterValues(String name) {
        if (body == null) {
            return super.getParameterValues(name);
        }
        String[] values = parameters().get(name);
        return values == null ? null : values.clone();
    }

    @Override
    public Enumeration<String> getParameterNames() {
        if (body == null) {
            return super.getParameterNames();
        }
        return Collections.enumeration(parameters().keySet());
    }

    @Override
    public Map<String, String[]> getParameterMap() {
        if (body == null) {
            return super.getParameterMap();
        }
        return Collections.unmodifiableMap(parameters());
    }

    void beforeAsyncComplete(Runnable hook) {
        this.beforeAsyncComplete = hook;
    }

    /**
     * Containers that dispatch an include under this wrapper (Tomcat inserts its own request
     * beneath the application's wrappers; Jetty 9 marks its base request) answer INCLUDE here
     * while the included resource runs.
     */
    boolean insideInclude() {
        return getDispatcherType() == DispatcherType.INCLUDE;
    }

    /** Async writes must go through the capturing response, not the container's original. */
    @Override
    public AsyncContext startAsync() {
        return completing(response == null ? super.startAsync() : super.startAsync(this, response));
    }

    @Override
    public AsyncContext startAsync(ServletRequest request, ServletResponse servletResponse) {
        return completing(super.startAsync(request, servletResponse));
    }

    @Override
    public AsyncContext getAsyncContext() {
        AsyncContext started = asyncContext;
        return started != null ? started : super.getAsyncContext();
    }

    private AsyncContext completing(AsyncContext container) {
        asyncContext = new CompletingAsyncContext(container, () -> beforeAsyncComplete.run());
        return asyncContext;
    }

    private Map<String, String[]> parameters() {
        if (parameters != null) {
            return parameters;
        }
        String contentType = getContentType();
        if (contentType == null || !contentType.toLowerCase(java.util.Locale.ROOT).startsWith(FORM)) {
            parameters = new LinkedHashMap<>(super.getParameterMap());
            return parameters;
        }
        Map<String, List<String>> collected = new LinkedHashMap<>();
        parse(getQueryString(), StandardCharsets.UTF_8, collected);
        parse(new String(body.bytes(), charset()), charset(), collected);
        Map<String, String[]> result = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> entry : collected.entrySet()) {
            result.put(entry.getKey(), entry.getValue().toArray(new String[0]));
        }
        parameters = result;
        return parameters;
    }

    private static void parse(String encoded, Charset charset, Map<String, List<String>> into) {
        if (encoded == null || encoded.isEmpty()) {
            return;
        }
        for (String pair : encoded.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq), charset);
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1), charset);
            into.computeIfAbsent(name, n -> new ArrayList<>(1)).add(value);
        }
    }

    private static String decode(String value, Charset charset) {
        try {
            return URLDecoder.decode(value, charset.name());
        } catch (IllegalArgumentException | java.io.UnsupportedEncodingException malformed) {
            return value;
        }
    }

    /** The servlet default for request bodies is ISO-8859-1 unless the client or application says otherwise. */
    private Charset charset() {
        String name = getCharacterEncoding();
        try {
            return name == null ? StandardCharsets.ISO_8859_1 : Charset.forName(name);
        } catch (RuntimeException unknown) {
            return StandardCharsets.ISO_8859_1;
        }
    }

    private static final class ReplayInputStream extends ServletInputStream {
        private final InputStream in;
        private boolean finished;

        ReplayInputStream(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            finished = b < 0;
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            finished = n < 0;
            return n;
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public boolean isFinished() {
            return finished;
        }

        @Override
        public boolean isReady() {
            return true;
        }

        /** The body is already in memory: all of it is available at once. */
        @Override
        public void setReadListener(ReadListener listener) {
            try {
                listener.onDataAvailable();
                listener.onAllDataRead();
            } catch (IOException | RuntimeException failure) {
                listener.onError(failure);
            }
        }
    }
}
