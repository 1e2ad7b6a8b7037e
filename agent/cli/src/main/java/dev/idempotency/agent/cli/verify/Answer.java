package dev.idempotency.agent.cli.verify;

import java.util.Collections;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** One answer of the service, or the client's failure to get one. */
final class Answer {

    static final String REPLAYED = "Idempotent-Replayed";
    /** A path parameter whose name holds "session" ({@code ;jsessionid=...}), as the agent cuts it. */
    private static final Pattern SESSION_ID = Pattern.compile("(?i);[^;/?#=]*session[^;/?#]*");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final int status;
    private final HttpHeaders headers;
    private final byte[] body;
    private final String failure;

    private Answer(int status, HttpHeaders headers, byte[] body, String failure) {
        this.status = status;
        this.headers = headers;
        this.body = body;
        this.failure = failure;
    }

    static Answer of(int status, HttpHeaders headers, byte[] body) {
        return new Answer(status, headers, body, null);
    }

    /** No answer: the connection failed or the client gave up ({@code what} says which). */
    static Answer none(String what) {
        return new Answer(0, null, new byte[0], what);
    }

    boolean arrived() {
        return failure == null;
    }

    int status() {
        return status;
    }

    boolean is2xx() {
        return status >= 200 && status < 300;
    }

    /**
     * An answer a handler that ran gives: a 2xx, or a 3xx (a create answered by a redirect to what
     * it made, the POST-redirect-GET of form applications).
     */
    boolean executed() {
        return status >= 200 && status < 400;
    }

    /**
     * The header's value as a replay carries it: session ids the container wrote into a URL header
     * ({@code Location: /owners/11;jsessionid=C2}) are cut out of a stored answer (docs/contract.md).
     */
    Optional<String> headerAsReplayed(String name) {
        return header(name).map(Answer::withoutSessionIds);
    }

    private static String withoutSessionIds(String url) {
        return SESSION_ID.matcher(url).replaceAll("");
    }

    byte[] body() {
        return body;
    }

    Optional<String> header(String name) {
        return headers == null ? Optional.empty() : headers.firstValue(name);
    }

    List<String> headers(String name) {
        return headers == null ? Collections.emptyList() : headers.allValues(name);
    }

    boolean replayed() {
        return "true".equalsIgnoreCase(header(REPLAYED).orElse(""));
    }

    /** The problem {@code type} of an agent's answer ({@code idempotency-key-reused}), or "". */
    String problemType() {
        if (!header("Content-Type").orElse("").startsWith("application/problem+json")) {
            return "";
        }
        String uri;
        try {
            uri = JSON.readTree(body).path("type").asText("");
        } catch (IOException notJson) {
            return "";
        }
        return uri.substring(uri.lastIndexOf('/') + 1);
    }

    /** The body's first line that holds more than markup, at most 200 characters; "" for none. */
    String firstLine() {
        for (String line : new String(body, StandardCharsets.UTF_8).split("\\R")) {
            String text = line.replaceAll("<[^>]*>", " ").replaceAll("\\s+", " ").trim();
            if (!text.isEmpty()) {
                return text.length() > 200 ? text.substring(0, 200) + "..." : text;
            }
        }
        return "";
    }

    /** For a failure message: status, the headers that matter here, and the start of the body. */
    String describe() {
        if (!arrived()) {
            return "no answer (" + failure + ")";
        }
        String text = new String(body, StandardCharsets.UTF_8).replaceAll("\\s+", " ");
        return status + (replayed() ? " replayed" : "") + (problemType().isEmpty() ? "" : " " + problemType())
                + (text.isEmpty() ? "" : ", body " + (text.length() > 120 ? text.substring(0, 120) + "..." : text));
    }
}
