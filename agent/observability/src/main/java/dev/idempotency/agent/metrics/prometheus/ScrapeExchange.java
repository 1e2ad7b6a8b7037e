package dev.idempotency.agent.metrics.prometheus;

import io.prometheus.metrics.exporter.common.PrometheusHttpExchange;
import io.prometheus.metrics.exporter.common.PrometheusHttpRequest;
import io.prometheus.metrics.exporter.common.PrometheusHttpResponse;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 request to the {@link ScrapeServer}, as the Prometheus scrape handler sees it: the
 * request head only (a scrape has no body, and nothing else is read), and an answer that closes
 * the connection, so its length needs no chunking.
 */
final class ScrapeExchange implements PrometheusHttpExchange, PrometheusHttpRequest, PrometheusHttpResponse {

    private final String method;
    private final String path;
    private final String query;
    private final Map<String, List<String>> headers;
    private final OutputStream out;
    private final Map<String, String> responseHeaders = new LinkedHashMap<>();
    private boolean answered;

    private ScrapeExchange(String method, String target, Map<String, List<String>> headers, OutputStream out) {
        this.method = method;
        int question = target.indexOf('?');
        this.path = question < 0 ? target : target.substring(0, question);
        this.query = question < 0 ? null : target.substring(question + 1);
        this.headers = headers;
        this.out = out;
    }

    /**
     * Reads a request head (request line, headers, blank line) of at most {@code maxBytes};
     * {@code null} when it is not HTTP or longer.
     */
    static ScrapeExchange read(InputStream in, int maxBytes, OutputStream out) throws IOException {
        int[] budget = {maxBytes};
        String requestLine = readLine(in, budget);
        String[] parts = requestLine == null ? new String[0] : requestLine.split(" ");
        if (parts.length != 3 || !parts[2].startsWith("HTTP/1.")) {
            return null;
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line = readLine(in, budget); ; line = readLine(in, budget)) {
            if (line == null) {
                return null;
            }
            if (line.isEmpty()) {
                return new ScrapeExchange(parts[0], parts[1], headers, out);
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), name -> new ArrayList<>())
                        .add(line.substring(colon + 1).trim());
            }
        }
    }

    /** An answer without a body. */
    static void answer(OutputStream out, int status, String reason, String extraHeaders) throws IOException {
        out.write(ascii("HTTP/1.1 " + status + " " + reason + "\r\n" + extraHeaders
                + "Content-Length: 0\r\nConnection: close\r\n\r\n"));
    }

    boolean isGetOrHead() {
        return "GET".equals(method) || "HEAD".equals(method);
    }

    @Override
    public PrometheusHttpRequest getRequest() {
        return this;
    }

    @Override
    public PrometheusHttpResponse getResponse() {
        return this;
    }

    @Override
    public String getQueryString() {
        return query;
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
        return Collections.enumeration(headers.getOrDefault(name.toLowerCase(Locale.ROOT), Collections.emptyList()));
    }

    @Override
    public String getMethod() {
        return method;
    }

    @Override
    public String getRequestPath() {
        return path;
    }

    @Override
    public void setHeader(String name, String value) {
        responseHeaders.put(name, value);
    }

    /**
     * Sends the status line and headers; the body, if any, runs to the end of the connection.
     *
     * @param contentLength {@code -1}: no body; as the JDK's HTTP server reads it, which the handler is written for
     */
    @Override
    public OutputStream sendHeadersAndGetBody(int statusCode, int contentLength) throws IOException {
        answered = true;
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(statusCode)
                .append(statusCode == 200 ? " OK" : " Error").append("\r\n");
        responseHeaders.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("Connection: close\r\n\r\n");
        out.write(ascii(head.toString()));
        boolean bodyless = contentLength == -1 || "HEAD".equals(method);
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                if (!bodyless) {
                    out.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (!bodyless) {
                    out.write(b, off, len);
                }
            }

            @Override
            public void close() throws IOException {
                flush(); // the server closes the connection
            }
        };
    }

    @Override
    public void handleException(IOException e) throws IOException {
        throw e;
    }

    @Override
    public void handleException(RuntimeException e) {
        if (!answered) {
            try {
                answer(out, 500, "Internal Server Error", "");
            } catch (IOException gone) {
                // The client went away too.
            }
        }
    }

    @Override
    public void close() {
        // The server flushes and closes the connection.
    }

    /** The next line without its CR LF, or {@code null} at the end of the stream or past the budget. */
    private static String readLine(InputStream in, int[] budget) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int next = in.read(); next >= 0 && --budget[0] >= 0; next = in.read()) {
            if (next == '\n') {
                int end = line.length();
                return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
            }
            line.append((char) next);
        }
        return null;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
