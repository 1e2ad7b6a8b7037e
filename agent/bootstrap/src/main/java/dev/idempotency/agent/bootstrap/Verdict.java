package dev.idempotency.agent.bootstrap;

import java.util.List;
import java.util.Map;

/**
 * The core's answer for one request: either proceed (run the application with
 * {@link #execution()} recording the outcome) or respond now with the given status, headers and
 * body (a replay, or an agent error as problem+json) without running the application.
 */
public final class Verdict {

    private final Execution execution;
    private final int status;
    private final Map<String, List<String>> headers;
    private final byte[] body;

    private Verdict(Execution execution, int status, Map<String, List<String>> headers, byte[] body) {
        this.execution = execution;
        this.status = status;
        this.headers = headers;
        this.body = body;
    }

    /** Run the application; {@code headers} are added to its response (the request id, say). */
    public static Verdict proceed(Execution execution, Map<String, List<String>> headers) {
        return new Verdict(execution, 0, headers, null);
    }

    /** Answer now without running the application. */
    public static Verdict respond(int status, Map<String, List<String>> headers, byte[] body) {
        return new Verdict(null, status, headers, body);
    }

    public boolean proceeds() {
        return status == 0;
    }

    /** Where to report the application's outcome; {@code null} when the application must run unobserved (fail-open). */
    public Execution execution() {
        return execution;
    }

    public int status() {
        return status;
    }

    public Map<String, List<String>> headers() {
        return headers;
    }

    /**
     * Puts {@link #headers()} on a response, in order: the first value of each name through
     * {@link HeaderTarget#set}, the others through {@link HeaderTarget#add}.
     */
    public void addHeadersTo(HeaderTarget response) {
        if (headers == null) {
            return;
        }
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            boolean first = true;
            for (String value : header.getValue()) {
                if (first) {
                    response.set(header.getKey(), value);
                } else {
                    response.add(header.getKey(), value);
                }
                first = false;
            }
        }
    }

    public byte[] body() {
        return body;
    }

    /**
     * The standard reason phrase of {@link #status()} (RFC 9110), for runtimes that write the one
     * they are given and otherwise send none ({@code HTTP/1.1 422 }) or an invented one.
     */
    public String reasonPhrase() {
        return ReasonPhrases.of(status);
    }
}
