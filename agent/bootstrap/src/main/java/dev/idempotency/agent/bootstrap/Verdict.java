package dev.idempotency.agent.bootstrap;

import java.util.List;
import java.util.Map;

/**
 * The core's answer for one request: either proceed (run the application with
 * {@link #execution()} recording the outcome) or respond now with the given status, headers and
 * body (a replay, or an agent error as problem+json) without running the application.
 */
public final class Verdict {

    /**
     * The status an adapter writes, with {@link AnswerReceipt#failureBody()}, when it cannot write
     * the agent's answer: the application must not run in its place.
     */
    public static final int FAILURE_STATUS = 500;
    /** The media type of the agent's problem bodies. */
    public static final String PROBLEM_CONTENT_TYPE = "application/problem+json";

    private final Execution execution;
    private final int status;
    private final Map<String, List<String>> headers;
    private final byte[] body;
    private final AnswerReceipt receipt;

    private Verdict(Execution execution, int status, Map<String, List<String>> headers, byte[] body,
            AnswerReceipt receipt) {
        this.execution = execution;
        this.status = status;
        this.headers = headers;
        this.body = body;
        this.receipt = receipt;
    }

    /** Run the application; {@code headers} are added to its response (the request id, say). */
    public static Verdict proceed(Execution execution, Map<String, List<String>> headers) {
        return new Verdict(execution, 0, headers, null, null);
    }

    /**
     * Answer now without running the application; the adapter reports to {@code receipt} whether
     * the answer reached the host ({@link #delivered()}, {@link #notDelivered}).
     */
    public static Verdict respond(int status, Map<String, List<String>> headers, byte[] body, AnswerReceipt receipt) {
        return new Verdict(null, status, headers, body, receipt);
    }

    /** The agent's answer was handed to the host whole. */
    public void delivered() {
        if (receipt != null) {
            receipt.delivered();
        }
    }

    /**
     * The agent's answer could not be written; the adapter wrote {@code sentStatus} instead (0:
     * nothing) and the application did not run.
     */
    public void notDelivered(int sentStatus, Throwable cause) {
        if (receipt != null) {
            receipt.notDelivered(sentStatus, cause);
        }
    }

    /** The problem+json body to send with {@link #FAILURE_STATUS} when the answer cannot be written. */
    public byte[] failureBody() {
        return receipt != null ? receipt.failureBody() : new byte[0];
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
