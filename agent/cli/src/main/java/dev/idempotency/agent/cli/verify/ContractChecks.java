package dev.idempotency.agent.cli.verify;

import java.util.Collections;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The contract, checked from outside against one endpoint of a live service, each run with fresh
 * random keys: the first request executes; the same key and body replay it; another body with the
 * key is refused before anything runs; a missing and an invalid key are refused; a client that
 * gave up early gets the outcome on its retry; concurrent requests with one new key execute once;
 * for a session-scoped endpoint, and with a login for one whose keys are shared by all callers, a
 * key from one session does not replay to another.
 * With an effect count ({@code --count}) every check also asserts how many effects happened.
 * Every new operation gets the sample with its placeholders filled anew; a check whose operation
 * the application itself turns down is reported as refused, not failed.
 */
final class ContractChecks {

    static final List<String> NAMES = Collections.unmodifiableList(Arrays.asList("first request executes", "same key and body replays", "same key, other body is refused", "missing key", "invalid key", "retry after a client timeout", "concurrent requests with one key"));
    /** For an endpoint with {@code scope: cookie:NAME}, and with a login for one with {@code scope: none}. */
    static final String SESSIONS = "a key does not cross sessions";

    /** How long a client waits before it gives up, in the timeout check: shorter than any real handler. */
    private static final Duration GIVE_UP_AFTER = Duration.ofMillis(15);
    private static final Duration RETRIES_FOR = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REFUSED_HINT = "; a sample with a unique field needs a fresh value for every new "
            + "operation: {{uuid}}, {{seq}} or {{now}} in the sample";
    private static final String FAILED_HINT = "; the application's own error, not the agent's (none of its problem "
            + "types): a form may need state the session lacks (log in with --login-form, open the page that sets it "
            + "up), or the service's log says why";

    private final Probe probe;
    /** A second logged-in session, for endpoints scoped by a session cookie; {@code null} without a login. */
    private final Probe otherSession;
    /** A client with no session, to tell an endpoint open to all callers from one whose answers belong to a session. */
    private final Probe anonymous;
    private final int concurrency;
    private final Placeholders placeholders;
    private boolean instrumentationSeen;

    ContractChecks(Probe probe, Probe otherSession, Probe anonymous, int concurrency, Placeholders placeholders) {
        this.probe = probe;
        this.otherSession = otherSession;
        this.anonymous = anonymous;
        this.concurrency = concurrency;
        this.placeholders = placeholders;
    }

    /** Every check against {@code target}, in order. */
    List<CheckResult> run(Target target) {
        instrumentationSeen = false;
        List<CheckResult> results = new ArrayList<>();
        Long start = count(target);
        String key = newKey();
        byte[] body = placeholders.fill(target.body);
        Answer first = send(target, key, body);
        refuseUnusable(target, first);
        if (applicationRefused(first)) {
            results.add(refused(target, NAMES.get(0), first));
            List<String> others = new ArrayList<>(NAMES.subList(1, NAMES.size()));
            if (sessionsChecked(target, otherSession != null)) {
                others.add(SESSIONS);
            }
            for (String check : others) {
                results.add(CheckResult.skipped(target.endpoint, check, "the first request did not execute"));
            }
            return results;
        }
        results.add(firstExecutes(target, first, start));
        results.add(replays(target, key, body, first, start));
        results.add(otherBodyRefused(target, key, start));
        results.add(missingKey(target));
        results.add(invalidKey(target));
        results.add(retryAfterClientTimeout(target));
        results.add(concurrentRequests(target));
        if (sessionsChecked(target, otherSession != null)) {
            results.add(keyStaysInItsSession(target));
        }
        if (!instrumentationSeen) {
            results.add(0, CheckResult.failed(target.endpoint, "the agent answers", "no " + target.requestIdHeader
                    + " and no " + Answer.REPLAYED + " header on any answer: the endpoint is not protected, the agent "
                    + "never saw its requests. Run java -jar idempotency-agent.jar status <pid of the service>: it says "
                    + "whether the agent runs there with this config, what it instrumented, and its warnings (a path "
                    + "that includes the context path, a mistyped resource-method)"));
        }
        return results;
    }

    private static void refuseUnusable(Target target, Answer first) {
        if (!first.arrived()) {
            throw new SampleRefused(target.endpoint + ": " + target.method + " " + target.uri + " got "
                    + first.describe() + "; is the service running at that URL?");
        }
        if (first.problemType().equals("idempotency-scope-missing")) {
            throw new SampleRefused(target.endpoint + ": the agent answered " + first.describe() + ": the requests "
                    + "lack what the endpoint's scope names; for scope: cookie:NAME log in with --login-form URL "
                    + "--form NAME=VALUE ..., for scope: header:NAME give --header NAME=VALUE");
        }
    }

    /**
     * A 4xx or 5xx that is not one of the agent's own problems: the application turned the operation
     * down (a unique field taken, a validation) or failed on the sample (a session without the state
     * the form expects), so the check says nothing about the agent.
     */
    private static boolean applicationRefused(Answer answer) {
        return answer.arrived() && answer.status() >= 400 && !answer.problemType().startsWith("idempotency-");
    }

    private static CheckResult refused(Target target, String check, Answer answer) {
        String hint = answer.status() >= 500 ? FAILED_HINT : REFUSED_HINT;
        return CheckResult.refused(target.endpoint, check, "the application refused the sample: " + answer.status()
                + " " + answer.firstLine() + hint);
    }

    private CheckResult firstExecutes(Target target, Answer first, Long start) {
        String check = NAMES.get(0);
        if (!first.executed() || first.replayed()) {
            return CheckResult.failed(target.endpoint, check, "expected a 2xx or 3xx without " + Answer.REPLAYED + ", got "
                    + first.describe());
        }
        return effects(target, check, start, 1);
    }

    private CheckResult replays(Target target, String key, byte[] body, Answer first, Long start) {
        String check = NAMES.get(1);
        Answer again = send(target, key, body);
        List<String> wrong = new ArrayList<>();
        if (again.status() != first.status()) {
            wrong.add("status " + again.status() + " instead of " + first.status());
        }
        if (!again.replayed()) {
            wrong.add("no " + Answer.REPLAYED + ": true");
        }
        if (!Arrays.equals(again.body(), first.body())) {
            wrong.add("another body");
        }
        for (String header : target.replayedHeaders) {
            if (!Objects.equals(first.headerAsReplayed(header), again.header(header))) {
                wrong.add(header + " " + again.header(header).orElse("(none)") + " instead of "
                        + first.header(header).orElse("(none)"));
            }
        }
        if (!again.headers("Set-Cookie").isEmpty()) {
            wrong.add("a Set-Cookie (a replay must never hand out a session)");
        }
        if (!wrong.isEmpty()) {
            return CheckResult.failed(target.endpoint, check, "expected the first answer again with "
                    + Answer.REPLAYED + ": true; " + String.join(", ", wrong) + " (" + again.describe() + ")");
        }
        return effects(target, check, start, 1);
    }

    private CheckResult otherBodyRefused(Target target, String key, Long start) {
        String check = NAMES.get(2);
        Answer other = send(target, key, changed(target));
        if (other.status() != target.keyReusedStatus || !other.problemType().equals("idempotency-key-reused")) {
            return CheckResult.failed(target.endpoint, check, "expected " + target.keyReusedStatus
                    + " idempotency-key-reused before anything runs, got " + other.describe());
        }
        return effects(target, check, start, 1);
    }

    private CheckResult missingKey(Target target) {
        String check = NAMES.get(3);
        if (!target.keyRequired) {
            return CheckResult.skipped(target.endpoint, check, "required: false: a request without a key executes "
                    + "unprotected, so verify does not send one");
        }
        Long start = count(target);
        Answer none = send(target, null, placeholders.fill(target.body));
        if (none.status() != target.missingKeyStatus || !none.problemType().equals("idempotency-key-missing")) {
            return CheckResult.failed(target.endpoint, check, "expected " + target.missingKeyStatus
                    + " idempotency-key-missing, got " + none.describe());
        }
        return effects(target, check, start, 0);
    }

    private CheckResult invalidKey(Target target) {
        String check = NAMES.get(4);
        Long start = count(target);
        Answer invalid = send(target, "k".repeat(256), placeholders.fill(target.body));
        if (invalid.status() != target.invalidKeyStatus || !invalid.problemType().equals("idempotency-key-invalid")) {
            return CheckResult.failed(target.endpoint, check, "expected " + target.invalidKeyStatus
                    + " idempotency-key-invalid for a 256-character key, got " + invalid.describe());
        }
        return effects(target, check, start, 0);
    }

    /**
     * The client gives up at once; its retries with the key end in the outcome, and it happened once.
     * Like any client holding a key, it retries while the request is in progress and also when a retry
     * itself gets no answer: the connection the abandoned request left may be closed under the next one.
     */
    private CheckResult retryAfterClientTimeout(Target target) {
        String check = NAMES.get(5);
        Long start = count(target);
        String key = newKey();
        byte[] body = placeholders.fill(target.body);
        seen(target, probe.send(target, key, body, GIVE_UP_AFTER));
        long until = System.nanoTime() + RETRIES_FOR.toNanos();
        Answer retry = send(target, key, body);
        while ((target.inProgress(retry) || !retry.arrived()) && System.nanoTime() < until) {
            pause();
            retry = send(target, key, body);
        }
        if (applicationRefused(retry)) {
            return refused(target, check, retry);
        }
        if (!retry.executed()) {
            return CheckResult.failed(target.endpoint, check, "expected the retries to end in the stored 2xx or 3xx, got "
                    + retry.describe());
        }
        return effects(target, check, start, 1);
    }

    private CheckResult concurrentRequests(Target target) {
        String check = NAMES.get(6);
        Long start = count(target);
        String key = newKey();
        byte[] body = placeholders.fill(target.body);
        ExecutorService clients = Executors.newFixedThreadPool(concurrency);
        List<Answer> answers = new ArrayList<>();
        try {
            List<CompletableFuture<Answer>> sent = new ArrayList<>();
            for (int i = 0; i < concurrency; i++) {
                sent.add(CompletableFuture.supplyAsync(() -> send(target, key, body), clients));
            }
            sent.forEach(answer -> answers.add(answer.join()));
        } finally {
            clients.shutdownNow();
        }
        Optional<Answer> turnedDown = answers.stream().filter(ContractChecks::applicationRefused).findFirst();
        if (turnedDown.isPresent()) {
            return refused(target, check, turnedDown.get());
        }
        long executed = answers.stream().filter(answer -> answer.executed() && !answer.replayed()).count();
        List<String> unexpected = new ArrayList<>();
        for (Answer answer : answers) {
            boolean fine = answer.executed() || target.inProgress(answer);
            if (!fine) {
                unexpected.add(answer.describe());
            }
        }
        if (executed != 1 || !unexpected.isEmpty()) {
            return CheckResult.failed(target.endpoint, check, "expected one of " + concurrency
                    + " simultaneous requests to execute and the others to replay or get " + target.inProgressStatus
                    + " in-progress; " + executed + " executed" + (unexpected.isEmpty() ? "" : ", others got " + unexpected));
        }
        return effects(target, check, start, 1);
    }

    /**
     * The same key and body from a second session are that session's own operation: it executes
     * (or the application answers it), never replays the first session's answer. Not counted: an
     * effect count is often per session ({@code /my-orders}).
     */
    private CheckResult keyStaysInItsSession(Target target) {
        if (otherSession == null) {
            return CheckResult.skipped(target.endpoint, SESSIONS, "scope: cookie:" + target.sessionCookie
                    + ": give --login-form URL --form NAME=VALUE ... to verify it with two sessions");
        }
        Answer withoutSession = null;
        if (target.sessionCookie == null) {
            withoutSession = seen(target, anonymous.send(target, newKey(), placeholders.fill(target.body)));
            if (withoutSession.executed()) {
                return CheckResult.skipped(target.endpoint, SESSIONS, "open to callers without a session (a request "
                        + "without one executed): with scope: none its keys are shared by all callers, as declared");
            }
        }
        String key = newKey();
        byte[] body = placeholders.fill(target.body);
        Answer mine = send(target, key, body);
        if (applicationRefused(mine)) {
            return refused(target, SESSIONS, mine);
        }
        if (!mine.executed() || mine.replayed()) {
            return CheckResult.failed(target.endpoint, SESSIONS, "expected the first session's request to execute, got "
                    + mine.describe());
        }
        Answer theirs = seen(target, otherSession.send(target, key, body));
        if (!theirs.arrived() || theirs.replayed() || theirs.problemType().startsWith("idempotency-")) {
            return CheckResult.failed(target.endpoint, SESSIONS, "expected the same key and body from a second "
                    + "session to be its own operation, got " + theirs.describe()
                    + (Arrays.equals(theirs.body(), mine.body()) ? ": the first session's answer" : "")
                    + (withoutSession == null ? "" : "; its answers belong to a session (without one it answered "
                            + withoutSession.describe() + "), but with scope: none one session's key replays to every "
                            + "other: declare scope: cookie:JSESSIONID (the session cookie's name) or principal"));
        }
        return CheckResult.passed(target.endpoint, SESSIONS);
    }

    /**
     * Whether the check across sessions runs for {@code target}: always for {@code scope: cookie:NAME}
     * (skipped without a login); with a login also for {@code scope: none}, whose keys would cross
     * sessions. A principal or a header scope is the same for two logins of one user, so a replay
     * between them is right, and is not checked.
     */
    static boolean sessionsChecked(Target target, boolean loggedIn) {
        return target.sessionCookie != null || (loggedIn && target.sharedByAllCallers);
    }

    /** With an effect count: exactly {@code expected} more effects than at {@code start}. */
    private CheckResult effects(Target target, String check, Long start, long expected) {
        if (start == null) {
            return CheckResult.passed(target.endpoint, check);
        }
        long now = target.count.read(probe);
        if (now - start != expected) {
            return CheckResult.failed(target.endpoint, check, "expected " + expected + " effect(s) by " + target.count
                    + ", counted " + (now - start));
        }
        return CheckResult.passed(target.endpoint, check);
    }

    private Long count(Target target) {
        return target.count == null ? null : target.count.read(probe);
    }

    private Answer send(Target target, String key, byte[] body) {
        return seen(target, probe.send(target, key, body));
    }

    /** Notes whether the agent answered: its request id header, or a replay. */
    private Answer seen(Target target, Answer answer) {
        if (answer.arrived() && (answer.replayed() || answer.header(target.requestIdHeader).isPresent())) {
            instrumentationSeen = true;
        }
        return answer;
    }

    /** The sample with one more field (JSON object), parameter (form) or line, so its fingerprint differs. */
    private byte[] changed(Target target) {
        String nonce = newKey();
        byte[] body = placeholders.fill(target.body);
        if (target.contentType.startsWith("application/json")) {
            try {
                JsonNode sample = JSON.readTree(body);
                if (sample instanceof ObjectNode) {
                    ((ObjectNode) sample).put("verifyNonce", nonce);
                    return JSON.writeValueAsBytes(sample);
                }
            } catch (IOException notJson) {
                // changed as raw bytes below
            }
        }
        String suffix = target.contentType.startsWith("application/x-www-form-urlencoded")
                ? (body.length == 0 ? "" : "&") + "verifyNonce=" + nonce : "\n" + nonce;
        byte[] extra = suffix.getBytes(StandardCharsets.UTF_8);
        byte[] changed = Arrays.copyOf(body, body.length + extra.length);
        System.arraycopy(extra, 0, changed, body.length, extra.length);
        return changed;
    }

    /** A UUID: the key clients are told to send, so an endpoint's {@code key-pattern} for UUIDs takes it. */
    static String newKey() {
        return UUID.randomUUID().toString();
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
