package dev.idempotency.agent.core.decision;

import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.bootstrap.AnswerReceipt;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.problem.Problem;
import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.store.StoredResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** The responses the agent writes itself: problems and replays, each with the request id. */
final class Answers {

    static final String REPLAYED_HEADER = "Idempotent-Replayed";
    static final String RETRY_AFTER_HEADER = "Retry-After";
    static final String CONTENT_TYPE_HEADER = "Content-Type";

    private Answers() {
    }

    static Verdict problem(AttemptContext attempt, ProblemType type, int status, String detail, boolean retryAfter,
            AnswerReceipt receipt) {
        Map<String, List<String>> headers = attempt.baseHeaders();
        put(headers, CONTENT_TYPE_HEADER, Problem.CONTENT_TYPE);
        if (retryAfter) {
            put(headers, RETRY_AFTER_HEADER, retryAfterSeconds(attempt.policy.settings().retryAfter()));
        }
        return Verdict.respond(status, headers, new Problem(type, status, detail, attempt.requestId).toJson(), receipt);
    }

    /**
     * The stored outcome again, marked as a replay. The stored headers pass the endpoint's replay
     * allow-list once more, so a record written before a header was forbidden (or a session id
     * was cut from URLs) is replayed by today's rules. A body that was not retained is replaced by
     * a problem saying so, under the stored status, so the client still learns what happened.
     */
    static Verdict replay(AttemptContext attempt, StoredResponse stored, AnswerReceipt receipt) {
        Map<String, List<String>> headers = attempt.baseHeaders();
        Map<String, List<String>> replayable = attempt.policy.responseRetention().headers().filter(stored.headers());
        for (Map.Entry<String, List<String>> header : replayable.entrySet()) {
            if (!header.getKey().equalsIgnoreCase(attempt.policy.requestIdHeader())) {
                headers.put(header.getKey(), header.getValue());
            }
        }
        put(headers, REPLAYED_HEADER, "true");
        if (stored.bodyRetained()) {
            return Verdict.respond(stored.status(), headers, stored.body(), receipt);
        }
        // The problem body replaces the representation these headers described.
        for (String representation : Collections.unmodifiableList(Arrays.asList("Content-Language", "Content-Encoding", "Content-Disposition", "Content-Location"))) {
            removeIgnoringCase(headers, representation);
        }
        put(headers, CONTENT_TYPE_HEADER, Problem.CONTENT_TYPE);
        String detail = "The original request completed with status " + stored.status()
                + ", but its response body was larger than the agent keeps, so it cannot be repeated. "
                + "Do not retry to get it; fetch the resource instead.";
        byte[] body = new Problem(ProblemType.RESPONSE_NOT_RETAINED, stored.status(), detail, attempt.requestId).toJson();
        return Verdict.respond(stored.status(), headers, body, receipt);
    }

    /** Whole seconds, rounded up: a client must not retry before the configured interval. */
    static String retryAfterSeconds(Duration retryAfter) {
        long millis = retryAfter.toMillis();
        return Long.toString((millis + 999) / 1000);
    }

    /** Sets a header, replacing any spelling of the same name. */
    static void put(Map<String, List<String>> headers, String name, String value) {
        removeIgnoringCase(headers, name);
        headers.put(name, Collections.singletonList(value));
    }

    private static void removeIgnoringCase(Map<String, List<String>> headers, String name) {
        for (Iterator<String> names = headers.keySet().iterator(); names.hasNext();) {
            if (names.next().equalsIgnoreCase(name)) {
                names.remove();
            }
        }
    }
}
