package dev.idempotency.it.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * A small client for one service: paths are appended to the base URI (which may carry a context
 * path). Headers are given as name/value pairs: {@code postJson("/orders", body, "Idempotency-Key", key)}.
 * I/O failures, timeouts included ({@link java.net.http.HttpTimeoutException} as the cause), are unchecked.
 */
public final class Http {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);

    private static final HttpClient CLIENT = newClient();
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final URI baseUri;
    private final HttpClient client;

    private Http(URI baseUri, HttpClient client) {
        this.baseUri = baseUri;
        this.client = client;
    }

    public static Http to(URI baseUri) {
        return new Http(baseUri, CLIENT);
    }

    /**
     * Like {@link #to}, on connections of its own, as a second client has: its requests never wait
     * behind another's on a kept-alive connection, which the server reads the next request from
     * only once the handler of the last one has returned.
     */
    public static Http onOwnConnections(URI baseUri) {
        return new Http(baseUri, newClient());
    }

    private static HttpClient newClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    public Response get(String path, String... headers) {
        return get(path, DEFAULT_TIMEOUT, headers);
    }

    public Response get(String path, Duration timeout, String... headers) {
        return send(request(path, timeout, headers).GET().build());
    }

    public Response postJson(String path, String json, String... headers) {
        return postJson(path, json, DEFAULT_TIMEOUT, headers);
    }

    public Response postJson(String path, String json, Duration timeout, String... headers) {
        return post(path, "application/json", json, timeout, headers);
    }

    public Response postForm(String path, String form, String... headers) {
        return post(path, "application/x-www-form-urlencoded", form, DEFAULT_TIMEOUT, headers);
    }

    public Response post(String path, String contentType, String body, Duration timeout, String... headers) {
        return send(request(path, timeout, headers)
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    /**
     * The status line of a POST as it went on the wire, reason phrase included, which the JDK's
     * client does not expose. {@code headers}: name, value, name, value, ...
     */
    public String rawStatusLine(String path, String contentType, String body, String... headers) {
        URI uri = URI.create(baseUri + path);
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder request = new StringBuilder("POST ").append(uri.getRawPath()).append(" HTTP/1.1\r\nHost: ")
                .append(uri.getAuthority()).append("\r\nContent-Type: ").append(contentType);
        for (int i = 0; i + 1 < headers.length; i += 2) {
            request.append("\r\n").append(headers[i]).append(": ").append(headers[i + 1]);
        }
        request.append("\r\nContent-Length: ").append(bytes.length).append("\r\nConnection: close\r\n\r\n");
        try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout(15_000);
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
            return new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    StandardCharsets.ISO_8859_1)).readLine();
        } catch (IOException e) {
            throw new UncheckedIOException("POST " + uri + ": " + e, e);
        }
    }

    /**
     * Sends any request built elsewhere (other methods, odd headers). A request with an
     * {@code Idempotency-Key} whose kept-alive connection the server had closed, so that it got no
     * byte of an answer, is sent once more with the same key, as a real client would: a server may
     * close a connection after an answer that left the request's body unread (the agent's refusals
     * before the body, on Jetty), and the client may have picked that connection for its next
     * request. The contract makes the resend safe, so what the test counts stays true.
     */
    public Response send(HttpRequest request) {
        try {
            return exchange(request);
        } catch (IOException e) {
            if (request.headers().firstValue("Idempotency-Key").isPresent() && String.valueOf(e.getMessage())
                    .contains("received no bytes")) {
                try {
                    return exchange(request);
                } catch (IOException again) {
                    throw new UncheckedIOException(request.method() + " " + request.uri() + ", sent twice: " + again, again);
                }
            }
            throw new UncheckedIOException(request.method() + " " + request.uri() + ": " + e, e);
        }
    }

    private Response exchange(HttpRequest request) throws IOException {
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.headers(), response.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * A POST whose answer keeps its body as bytes: neither decoded as text nor decompressed (the
     * client sends no {@code Accept-Encoding} and never inflates a {@code Content-Encoding}).
     */
    public BytesResponse postForBytes(String path, String contentType, String body, String... headers) {
        HttpRequest request = request(path, DEFAULT_TIMEOUT, headers)
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        try {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new BytesResponse(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(request.method() + " " + request.uri() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** A request builder for {@code path} below the base URI, with a timeout and header pairs. */
    public HttpRequest.Builder request(String path, Duration timeout, String... headers) {
        if (headers.length % 2 != 0) {
            throw new IllegalArgumentException("headers come as name/value pairs");
        }
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUri + path)).timeout(timeout);
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return builder;
    }

    /** Status, headers and the body bytes as they came over the wire. */
    public record BytesResponse(int status, HttpHeaders headers, byte[] body) {

        public Optional<String> header(String name) {
            return headers.firstValue(name);
        }

        /** The body inflated as gzip and read as UTF-8. */
        public String gunzippedBody() {
            try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("not gzip (status " + status + ", " + body.length + " bytes)", e);
            }
        }
    }

    /** Status, headers and body of one answer. */
    public record Response(int status, HttpHeaders headers, String body) {

        public Optional<String> header(String name) {
            return headers.firstValue(name);
        }

        public JsonNode json() {
            try {
                return MAPPER.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON (status " + status + "): " + body, e);
            }
        }
    }
}
