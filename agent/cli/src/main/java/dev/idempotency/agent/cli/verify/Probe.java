package dev.idempotency.agent.cli.verify;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * The HTTP client of verify: sends what a check asks and never throws for what the service does.
 * A probe that logged in keeps its session's cookies, as a browser does, for every request after.
 */
final class Probe {

    private final HttpClient client;
    private final Duration timeout;

    private Probe(HttpClient client, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
    }

    /** A client without cookies: every request carries exactly the headers verify gives it. */
    static Probe withoutCookies(Duration timeout) {
        return new Probe(builder().build(), timeout);
    }

    /** A client with its own cookie jar: one session of its own. */
    static Probe withCookies(Duration timeout) {
        return new Probe(builder().cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL)).build(), timeout);
    }

    private static HttpClient.Builder builder() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5));
    }

    /** Posts a login form; the cookies of its answer stay with this probe. */
    Answer postForm(URI uri, String form) {
        return exchange(HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form, StandardCharsets.UTF_8)).build());
    }

    /** Sends the target's sample with {@code key} (none when {@code null}) and {@code body}. */
    Answer send(Target target, String key, byte[] body) {
        return send(target, key, body, timeout);
    }

    Answer send(Target target, String key, byte[] body, Duration within) {
        HttpRequest.Builder request = HttpRequest.newBuilder(target.uri).timeout(within)
                .method(target.method, HttpRequest.BodyPublishers.ofByteArray(body))
                .header("Content-Type", target.contentType);
        for (Map.Entry<String, String> header : target.headers.entrySet()) {
            request.header(header.getKey(), header.getValue());
        }
        if (key != null) {
            request.header(target.keyHeader, key);
        }
        return exchange(request.build());
    }

    Answer get(URI uri) {
        return exchange(HttpRequest.newBuilder(uri).timeout(timeout).GET().build());
    }

    private Answer exchange(HttpRequest request) {
        try {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return Answer.of(response.statusCode(), response.headers(), response.body());
        } catch (HttpTimeoutException e) {
            return Answer.none("no answer within " + request.timeout().map(Duration::toMillis).orElse(0L) + " ms");
        } catch (IOException e) {
            return Answer.none(e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.none("interrupted");
        }
    }
}
