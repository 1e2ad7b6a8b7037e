package dev.idempotency.agent.core.decision;

import static dev.idempotency.agent.core.decision.GateFixture.assertProblem;
import static dev.idempotency.agent.core.decision.GateFixture.header;
import static dev.idempotency.agent.core.decision.GateFixture.orders;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.route.DeclaredRoute;
import dev.idempotency.agent.core.route.RouteTable;
import dev.idempotency.agent.core.testing.RecordingListener;
import dev.idempotency.agent.core.testing.TestClock;
import dev.idempotency.agent.core.testing.TestEndpoints;
import dev.idempotency.agent.core.testing.TestRequest;
import dev.idempotency.agent.core.testing.TestResponse;
import dev.idempotency.agent.core.testing.TestStores;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.vocabulary.CrashPolicy;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.FingerprintMode;
import dev.idempotency.agent.vocabulary.ScopePart;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every case of the contract, decided in its order. */
class IdempotencyGateTest {

    private static final String BODY = "{\"sku\":\"a\",\"qty\":1}";

    private static TestRequest.Builder create(String key) {
        return TestRequest.post("/orders").key(key).header("Content-Type", "application/json").body(BODY);
    }

    private static TestResponse created() {
        return TestResponse.status(201).header("Content-Type", "application/json").header("Location", "/orders/1")
                .header("Set-Cookie", "session=secret").body("{\"id\":1}");
    }

    /** Runs the request through the gate as a handler answering {@code response} would. */
    private static Verdict execute(GateFixture fixture, TestRequest request, TestResponse response) {
        Verdict verdict = fixture.begin(request);
        assertThat(verdict.proceeds()).isTrue();
        verdict.execution().finish(response, null, false);
        return verdict;
    }

    private static String text(Verdict verdict) {
        return new String(verdict.body(), StandardCharsets.UTF_8);
    }

    // 1: not declared

    @Test
    void case1_undeclaredPathOrMethodPassesThroughUntouched() {
        GateFixture fixture = new GateFixture(orders());
        assertThat(fixture.gate.route("POST", "", "/customers")).isNull();
        assertThat(fixture.gate.route("GET", "", "/orders")).isNull();
        Verdict verdict = fixture.gate.begin(null, TestRequest.post("/customers").build());
        assertThat(verdict.proceeds()).isTrue();
        assertThat(verdict.execution()).isNull();
        assertThat(verdict.headers()).isEmpty();
        assertThat(fixture.listener.events).isEmpty();
    }

    // 2: key missing

    @Test
    void case2_missingKeyOnRequiredEndpointIs400() {
        GateFixture fixture = new GateFixture(orders());
        TestRequest request = TestRequest.post("/orders").body(BODY).build();
        Verdict verdict = fixture.begin(request);
        assertProblem(verdict, 400, "idempotency-key-missing");
        assertThat(request.bodyReads()).as("decided before reading the body").isZero();
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.MISSING_KEY);
        assertThat(event.status()).isEqualTo(400);
        assertThat(event.attempt()).isZero();
        assertThat(event.requestId()).isEqualTo(header(verdict, "X-Request-Id"));
        assertThat(event.endpoint()).isEqualTo("create-order");
        assertThat(event.route()).isEqualTo("/orders");
    }

    @Test
    void case2_missingKeyOnOptionalEndpointRunsUnprotected() {
        GateFixture fixture = new GateFixture(orders().required(false));
        Verdict verdict = fixture.begin(TestRequest.post("/orders").body(BODY).build());
        assertThat(verdict.proceeds()).isTrue();
        assertThat(verdict.execution()).isNull();
        assertThat(header(verdict, "X-Request-Id")).isNotBlank();
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.PASSTHROUGH);
    }

    @Test
    void case2_missingKeyStatusIsConfigurable() {
        GateFixture fixture = new GateFixture(
                orders().statuses(new EndpointSettings.Statuses(428, 400, 413, 504, 503, 422, 409, 409)));
        assertProblem(fixture.begin(TestRequest.post("/orders").build()), 428, "idempotency-key-missing");
    }

    // 3: key malformed; scope missing

    @Test
    void case3_malformedKeyIs400WithTheReason() {
        GateFixture fixture = new GateFixture(orders());
        JsonNode problem = assertProblem(fixture.begin(create("x".repeat(256)).build()), 400, "idempotency-key-invalid");
        assertThat(problem.get("detail").asText()).contains("at most 255");
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.INVALID_KEY);
        assertThat(event.reason()).contains("256 characters");
        assertThat(event.key()).isNull();
    }

    @Test
    void case3_aKeyOutsideTheEndpointsPatternIsRefusedAndTheApplicationDoesNotRun() {
        GateFixture fixture = new GateFixture(
                orders().keyPattern("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"));

        Verdict refused = fixture.begin(create("retry-1").build());
        JsonNode problem = assertProblem(refused, 400, "idempotency-key-invalid");
        assertThat(refused.proceeds()).as("the application runs").isFalse();
        assertThat(problem.get("detail").asText()).contains("does not match the pattern")
                .contains("matching [0-9a-f]{8}-");
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.INVALID_KEY);
        assertThat(fixture.record("retry-1")).isEmpty();

        Verdict accepted = fixture.begin(create("3f2b8c1e-9d4a-4e7b-a1c2-0f9e8d7c6b5a").build());
        assertThat(accepted.proceeds()).isTrue();
        assertThat(fixture.record("3f2b8c1e-9d4a-4e7b-a1c2-0f9e8d7c6b5a")).isPresent();
    }

    @Test
    void case3_severalKeysAreInvalid() {
        GateFixture fixture = new GateFixture(orders());
        assertProblem(fixture.begin(create("a").key("b").build()), 400, "idempotency-key-invalid");
        assertProblem(fixture.begin(create("a, a").build()), 400, "idempotency-key-invalid");
        assertThat(fixture.record("a")).isEmpty();
    }

    @Test
    void case3_missingScopeSourceIs400NotAGlobalScope() {
        GateFixture fixture = new GateFixture(orders().scope(ScopePart.header("X-Tenant-Id")));
        Verdict verdict = fixture.begin(create("k1").build());
        JsonNode problem = assertProblem(verdict, 400, "idempotency-scope-missing");
        assertThat(problem.get("detail").asText()).contains("X-Tenant-Id");
        assertThat(fixture.record("k1")).isEmpty();
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.SCOPE_MISSING);
    }

    @Test
    void aResponseThatGivesTheScopeCookieANewValueIsWarnedOfOncePerEndpoint() {
        GateFixture fixture = new GateFixture(orders().scope(ScopePart.cookie("JSESSIONID")));
        TestResponse sameSession = TestResponse.status(201).header("Set-Cookie", "JSESSIONID=s1; Path=/; HttpOnly");
        execute(fixture, create("k1").header("Cookie", "theme=dark; JSESSIONID=s1").build(), sameSession);
        TestResponse otherCookie = TestResponse.status(201).header("Set-Cookie", "theme=light; Path=/");
        execute(fixture, create("k2").header("Cookie", "JSESSIONID=s1").build(), otherCookie);
        assertThat(fixture.listener.warnings).isEmpty();

        for (String key : List.of("k3", "k4")) {
            TestResponse newSession = TestResponse.status(201).header("set-cookie", "theme=light",
                    "JSESSIONID=\"new-" + key + "\"; Path=/; HttpOnly");
            execute(fixture, create(key).header("Cookie", "JSESSIONID=stale-" + key).build(), newSession);
        }

        assertThat(fixture.listener.warnings).singleElement().asString()
                .contains("the cookie JSESSIONID", "new value", "another scope and executes again", "scope: principal",
                        "header:", "make the session before the keyed request")
                .doesNotContain("stale-", "new-k");
        assertThat(fixture.record("stale-k3", "k3")).as("executed and stored, under the scope it was sent with").isPresent();
    }

    @Test
    void sameKeyInTwoScopesIsTwoOperations() {
        GateFixture fixture = new GateFixture(orders().scope(ScopePart.header("X-Tenant-Id")));
        execute(fixture, create("k1").header("X-Tenant-Id", "acme").build(), created());
        Verdict other = fixture.begin(create("k1").header("X-Tenant-Id", "globex").build());
        assertThat(other.proceeds()).isTrue();
        assertThat(other.execution()).isNotNull();
        assertThat(fixture.record("acme", "k1")).get().extracting(StoredRecord::state).isEqualTo(RecordState.COMPLETED);
        assertThat(fixture.record("globex", "k1")).get().extracting(StoredRecord::state)
                .isEqualTo(RecordState.IN_PROGRESS);
    }

    // 4: body too large

    @Test
    void case4_declaredLengthOverTheLimitIs413WithoutReading() {
        GateFixture fixture = new GateFixture(orders().maxRequestBody(8));
        TestRequest request = create("k1").build();
        assertProblem(fixture.begin(request), 413, "idempotency-body-too-large");
        assertThat(request.bodyReads()).isZero();
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.TOO_LARGE);
        assertThat(fixture.record("k1")).isEmpty();
    }

    @Test
    void case4_chunkedBodyOverTheLimitIs413() {
        GateFixture fixture = new GateFixture(orders().maxRequestBody(8));
        assertProblem(fixture.begin(create("k1").contentLength(-1).build()), 413, "idempotency-body-too-large");
        assertThat(fixture.record("k1")).isEmpty();
    }

    @Test
    void unreadableBodyIs400AndNotClaimed() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.begin(create("k1").bodyFailure(new IOException("reset by peer")).build());
        assertProblem(verdict, 400, "idempotency-body-unreadable");
        assertThat(fixture.listener.last().errorType()).isEqualTo(ErrorType.CLIENT_DISCONNECT);
        assertThat(fixture.record("k1")).isEmpty();
    }

    @Test
    void aBodyThatStalledPastTheReadTimeoutIs408AsOnTheWire() {
        GateFixture fixture = new GateFixture(orders());
        IOException stalled = new IOException(new java.net.SocketTimeoutException());
        Verdict verdict = fixture.begin(create("k1").bodyFailure(stalled).build());
        assertProblem(verdict, 408, "idempotency-body-unreadable");
        assertThat(fixture.listener.last().status()).isEqualTo(408);
        assertThat(fixture.listener.last().errorType()).isEqualTo(ErrorType.TIMEOUT);
        assertThat(fixture.record("k1")).isEmpty();
    }

    // 5: deadline

    @Test
    void case5_pastDeadlineIs504() {
        GateFixture fixture = new GateFixture(orders().deadline(new EndpointSettings.Deadline("X-Deadline", DeadlineFormat.EPOCH_MS)));
        long past = fixture.clock.currentTimeMillis() - 10;
        assertProblem(fixture.begin(create("k1").header("X-Deadline", Long.toString(past)).build()), 504,
                "deadline-exceeded");
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.DEADLINE_EXCEEDED);
        assertThat(event.errorType()).isEqualTo(ErrorType.DEADLINE_EXCEEDED);
        assertThat(event.remainingDeadlineMillis()).isEqualTo(-10L);
        assertThat(fixture.record("k1")).isEmpty();
    }

    @Test
    void case5_futureDeadlineProceedsAndIsReported() {
        GateFixture fixture = new GateFixture(orders().deadline(new EndpointSettings.Deadline("X-Deadline", DeadlineFormat.RELATIVE_MS)));
        execute(fixture, create("k1").header("X-Deadline", "2500").build(), created());
        assertThat(fixture.listener.last().remainingDeadlineMillis()).isEqualTo(2500L);
    }

    // 6: store unreachable

    @Test
    void case6_storeUnavailableFailsClosedWith503AndRetryAfter() {
        GateFixture fixture = new GateFixture(orders().retryAfter(Duration.ofMillis(2500)));
        fixture.store.unavailable();
        Verdict verdict = fixture.begin(create("k1").build());
        assertProblem(verdict, 503, "idempotency-store-unavailable");
        assertThat(header(verdict, "Retry-After")).isEqualTo("3");
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.STORE_UNAVAILABLE);
        assertThat(event.errorType()).isEqualTo(ErrorType.STORE_ERROR);
        assertThat(fixture.listener.failures).hasSize(1);
    }

    @Test
    void case6_aRetryWithdrawsTheClaimOfTheRefusedRequestWhoseAnswerWasLostAndExecutes() {
        GateFixture fixture = new GateFixture(orders());
        fixture.store.loseClaimAnswers();
        assertProblem(fixture.begin(create("k1").header("X-Request-Id", "req-lost").build()), 503,
                "idempotency-store-unavailable");
        assertThat(fixture.record("k1")).get().extracting(StoredRecord::state).isEqualTo(RecordState.IN_PROGRESS);
        fixture.store.available();

        Verdict retry = fixture.begin(create("k1").header("X-Request-Id", "req-retry").build());
        assertThat(retry.proceeds()).as("no keeper tick ran: the retry withdrew the claim itself").isTrue();
        assertThat(fixture.gate.unansweredClaims().size()).isZero();
        retry.execution().finish(created(), null, false);
        assertThat(fixture.record("k1")).get().extracting(StoredRecord::state).isEqualTo(RecordState.COMPLETED);
        assertThat(fixture.listener.last().reason()).contains("first withdrew the claim of request req-lost");
    }

    /**
     * A stopping JVM claims nothing new, even with fail-open: the execution under way is tracked
     * until its outcome is taken, a new key never reaches the store, and a key completed before
     * still replays.
     */
    @Test
    void aStoppingJvmRefusesNewKeysBeforeTheStoreAndTracksWhatRunsUntilItsOutcome() {
        GateFixture fixture = new GateFixture(orders().onStoreError(StoreErrorPolicy.FAIL_OPEN));
        fixture.begin(create("k0").build()).execution().finish(created(), null, false);
        Verdict running = fixture.begin(create("k1").build());
        assertThat(running.proceeds()).isTrue();

        fixture.gate.stopClaiming();
        Verdict replay = fixture.begin(create("k0").build());
        assertThat(replay.proceeds()).as("completed before the stop: replayed").isFalse();
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.REPLAYED);
        assertProblem(fixture.begin(create("k2").build()), 503, "idempotency-store-unavailable");
        assertThat(fixture.record("k2")).as("never claimed").isEmpty();
        assertThat(fixture.listener.last().reason()).contains("the service is stopping");
        assertThat(fixture.gate.claimsUnderWay()).isZero();
        assertThat(fixture.gate.leases().size()).as("k1 still executing").isEqualTo(1);

        running.execution().finish(created(), null, false);
        assertThat(fixture.record("k1")).get().extracting(StoredRecord::state).isEqualTo(RecordState.COMPLETED);
        assertThat(fixture.gate.leases().size()).isZero();
    }

    @Test
    void case6_anyStoreRuntimeExceptionCountsAsUnavailable() {
        GateFixture fixture = new GateFixture(orders());
        fixture.store.failWith(() -> new IllegalStateException("pool closed"));
        assertProblem(fixture.begin(create("k1").build()), 503, "idempotency-store-unavailable");
    }

    @Test
    void case6_failOpenRunsUnprotected() {
        GateFixture fixture = new GateFixture(orders().onStoreError(StoreErrorPolicy.FAIL_OPEN));
        fixture.store.unavailable();
        Verdict verdict = fixture.begin(create("k1").build());
        assertThat(verdict.proceeds()).isTrue();
        assertThat(verdict.execution()).isNull();
        assertThat(header(verdict, "X-Request-Id")).isNotBlank();
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.STORE_UNAVAILABLE);
        fixture.store.available();
        assertThat(fixture.record("k1")).isEmpty();
    }

    @Test
    void storeFailureIsReportedOncePerCause() {
        GateFixture fixture = new GateFixture(orders());
        fixture.store.unavailable();
        for (int i = 0; i < 5; i++) {
            fixture.begin(create("k" + i).build());
        }
        assertThat(fixture.listener.events).hasSize(5);
        assertThat(fixture.listener.failures).hasSize(1);
    }

    // 7: new key

    @Test
    void case7_newKeyIsClaimedExecutedAndStored() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.begin(create("k1").header("X-Request-Id", "req-1").build());
        assertThat(verdict.proceeds()).isTrue();
        assertThat(header(verdict, "X-Request-Id")).isEqualTo("req-1");
        Execution execution = verdict.execution();
        assertThat(execution.responseCaptureLimit()).isEqualTo(1024 * 1024);

        StoredRecord claimed = fixture.record("k1").orElseThrow();
        assertThat(claimed.state()).isEqualTo(RecordState.IN_PROGRESS);
        assertThat(claimed.owner()).isEqualTo(GateFixture.OWNER);
        assertThat(claimed.endpoint()).isEqualTo("create-order");
        assertThat(claimed.firstRequestId()).isEqualTo("req-1");
        assertThat(fixture.gate.leases().liveLeases()).singleElement()
                .satisfies(lease -> assertThat(lease.fencingToken()).isEqualTo(claimed.fencingToken()));
        assertThat(fixture.listener.events).as("the execution reports its own event").isEmpty();

        execution.finish(created(), null, false);

        StoredRecord done = fixture.record("k1").orElseThrow();
        assertThat(done.state()).isEqualTo(RecordState.COMPLETED);
        assertThat(done.response().status()).isEqualTo(201);
        assertThat(done.response().headers()).containsOnlyKeys("Content-Type", "Location");
        assertThat(new String(done.response().body(), StandardCharsets.UTF_8)).isEqualTo("{\"id\":1}");
        assertThat(fixture.gate.leases().liveLeases()).isEmpty();
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.EXECUTED);
        assertThat(event.status()).isEqualTo(201);
        assertThat(event.attempt()).isEqualTo(1);
        assertThat(event.key()).isEqualTo("k1");
        assertThat(event.scope()).isEmpty();
        assertThat(event.requestId()).isEqualTo("req-1");
        assertThat(event.errorType()).isNull();
        assertThat(event.durationNanos()).isGreaterThanOrEqualTo(0);
    }

    @Test
    void unsafeClientRequestIdIsReplaced() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.begin(create("k1").header("X-Request-Id", "evil\r\nSet-Cookie: x").build());
        assertThat(header(verdict, "X-Request-Id")).matches("[0-9a-f-]{36}");
    }

    @Test
    void expiredRecordStartsANewOperation() {
        GateFixture fixture = new GateFixture(orders().ttl(Duration.ofMinutes(5)));
        execute(fixture, create("k1").build(), created());
        fixture.clock.advance(Duration.ofMinutes(5));
        Verdict again = fixture.begin(create("k1").build());
        assertThat(again.execution()).isNotNull();
        assertThat(fixture.record("k1").orElseThrow().attempts()).isEqualTo(1);
    }

    // 8: replay

    @Test
    void case8_sameKeySameFingerprintReplaysTheStoredResponse() {
        GateFixture fixture = new GateFixture(orders());
        execute(fixture, create("k1").build(), created());
        Verdict replay = fixture.begin(create("k1").header("X-Request-Id", "req-2").build());
        assertThat(replay.proceeds()).isFalse();
        assertThat(replay.status()).isEqualTo(201);
        assertThat(text(replay)).isEqualTo("{\"id\":1}");
        assertThat(header(replay, "Idempotent-Replayed")).isEqualTo("true");
        assertThat(header(replay, "X-Request-Id")).isEqualTo("req-2");
        assertThat(header(replay, "Location")).isEqualTo("/orders/1");
        assertThat(header(replay, "Content-Type")).isEqualTo("application/json");
        assertThat(header(replay, "Set-Cookie")).isNull();
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.REPLAYED);
        assertThat(event.attempt()).isEqualTo(2);
        assertThat(event.status()).isEqualTo(201);
        assertThat(fixture.record("k1").orElseThrow().attempts()).isEqualTo(2);
    }

    @Test
    void case8_jsonModeReplaysABodyThatDiffersOnlyInFormattingAndIgnoredFields() {
        GateFixture fixture = new GateFixture(orders().fingerprint(
                new EndpointSettings.Fingerprint(FingerprintMode.JSON, List.of("requestedAt"), null, List.of())));
        execute(fixture, create("k1").body("{\"sku\":\"a\",\"qty\":1,\"requestedAt\":\"t1\"}").build(), created());
        Verdict replay = fixture.begin(create("k1").body("{ \"qty\": 1, \"requestedAt\": \"t2\", \"sku\": \"a\" }").build());
        assertThat(replay.status()).isEqualTo(201);
        assertThat(header(replay, "Idempotent-Replayed")).isEqualTo("true");
    }

    @Test
    void case8_everySpellingOfTheRoutedPathIsOneOperation() {
        GateFixture fixture = new GateFixture(orders());
        execute(fixture, create("k1").build(), created());
        for (String spelling : List.of("//orders", "/orders/", "/./orders", "/orders;jsessionid=1")) {
            TestRequest respelled = TestRequest.post(spelling).key("k1").header("Content-Type", "application/json")
                    .body(BODY).build();
            Verdict replay = fixture.begin(respelled);
            assertThat(header(replay, "Idempotent-Replayed")).as(spelling).isEqualTo("true");
            assertThat(fixture.listener.last().path()).as(spelling).isEqualTo("/orders");
        }
    }

    @Test
    void fingerprintFallbackIsVisibleInTheEvent() {
        GateFixture fixture = new GateFixture(orders().fingerprint(new EndpointSettings.Fingerprint(FingerprintMode.JSON, List.of(), null, List.of())));
        execute(fixture, create("k1").body("{not json").build(), created());
        assertThat(fixture.listener.last().fingerprintFellBackToRaw()).isTrue();
    }

    @Test
    void handlerErrorsAreStoredAndReplayedByDefault() {
        GateFixture fixture = new GateFixture(orders());
        execute(fixture, create("k1").build(), TestResponse.status(500).body("boom"));
        Verdict replay = fixture.begin(create("k1").build());
        assertThat(replay.status()).isEqualTo(500);
        assertThat(text(replay)).isEqualTo("boom");
    }

    // 9: different fingerprint

    @Test
    void case9_sameKeyDifferentBodyIs422WhileCompleted() {
        GateFixture fixture = new GateFixture(orders());
        execute(fixture, create("k1").build(), created());
        Verdict verdict = fixture.begin(create("k1").body("{\"sku\":\"b\",\"qty\":1}").build());
        assertProblem(verdict, 422, "idempotency-key-reused");
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.MISMATCH);
        assertThat(event.attempt()).isEqualTo(2);
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
    }

    @Test
    void case9_sameKeyDifferentBodyIs422WhileInProgress() {
        GateFixture fixture = new GateFixture(orders());
        fixture.begin(create("k1").build());
        assertProblem(fixture.begin(create("k1").body("other").build()), 422, "idempotency-key-reused");
    }

    @Test
    void case9_sameKeyOnAnotherPathIsAMismatch() {
        GateFixture fixture = new GateFixture(TestEndpoints.byPath("create-order", "POST", "/orders/{id}/payments"));
        execute(fixture, TestRequest.post("/orders/1/payments").key("k1").body(BODY).build(), created());
        assertProblem(fixture.begin(TestRequest.post("/orders/2/payments").key("k1").body(BODY).build()), 422,
                "idempotency-key-reused");
    }

    @Test
    void case9_mismatchStatusIsConfigurable() {
        GateFixture fixture = new GateFixture(
                orders().statuses(new EndpointSettings.Statuses(400, 400, 413, 504, 503, 409, 409, 409)));
        execute(fixture, create("k1").build(), created());
        assertProblem(fixture.begin(create("k1").body("x").build()), 409, "idempotency-key-reused");
    }

    // 10: in progress

    @Test
    void case10_sameKeyWhileInProgressIs409WithRetryAfter() {
        GateFixture fixture = new GateFixture(orders());
        Verdict first = fixture.begin(create("k1").build());
        Verdict second = fixture.begin(create("k1").build());
        assertProblem(second, 409, "idempotency-request-in-progress");
        assertThat(header(second, "Retry-After")).isEqualTo("1");
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.IN_PROGRESS);
        assertThat(event.attempt()).isEqualTo(2);
        assertThat(first.execution()).isNotNull();
    }

    @Test
    void case10_waitsForTheRequestInFlightAndReplaysIt() {
        GateFixture fixture = new GateFixture(orders().inFlightWait(Duration.ofMillis(500)));
        Verdict first = fixture.begin(create("k1").build());
        int[] sleeps = {0};
        fixture.clock.onSleep(() -> {
            if (++sleeps[0] == 3) {
                first.execution().finish(created(), null, false);
            }
        });
        Verdict second = fixture.begin(create("k1").build());
        assertThat(second.status()).isEqualTo(201);
        assertThat(header(second, "Idempotent-Replayed")).isEqualTo("true");
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.REPLAYED);
    }

    @Test
    void case10_waitEndsWith409WhenTheRequestInFlightDoesNotFinish() {
        GateFixture fixture = new GateFixture(orders().inFlightWait(Duration.ofMillis(200)));
        fixture.begin(create("k1").build());
        long before = fixture.clock.currentTimeMillis();
        assertProblem(fixture.begin(create("k1").build()), 409, "idempotency-request-in-progress");
        assertThat(fixture.clock.currentTimeMillis() - before).isEqualTo(200);
    }

    // 11: owner died

    @Test
    void case11_expiredLeaseIsMarkedUnknownAnd409() {
        GateFixture fixture = new GateFixture(orders().lease(Duration.ofSeconds(30)));
        Verdict first = fixture.begin(create("k1").build());
        fixture.clock.advance(Duration.ofSeconds(31));
        assertProblem(fixture.begin(create("k1").build()), 409, "idempotency-outcome-unknown");
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.UNKNOWN);
        assertThat(fixture.listener.last().decision()).isEqualTo(Decision.OUTCOME_UNKNOWN);
        assertThat(fixture.listener.markedUnknown).singleElement().satisfies(marked -> {
            assertThat(marked.key()).isEqualTo("k1");
            assertThat(marked.endpoint()).isEqualTo(fixture.policy.name());
            assertThat(marked.deadOwner()).isEqualTo(fixture.record("k1").orElseThrow().owner());
        });

        assertProblem(fixture.begin(create("k1").build()), 409, "idempotency-outcome-unknown");
        assertThat(fixture.listener.markedUnknown).as("announced once, when marked").hasSize(1);
        first.execution().finish(created(), null, false);
        assertThat(fixture.record("k1").orElseThrow().state()).as("the dead owner cannot complete")
                .isEqualTo(RecordState.UNKNOWN);
        assertThat(fixture.listener.last().reason()).contains("fenced out");
    }

    @Test
    void case11_renewedLeaseKeepsASlowHandlerAlive() {
        GateFixture fixture = new GateFixture(orders().lease(Duration.ofSeconds(30)));
        fixture.begin(create("k1").build());
        fixture.clock.advance(Duration.ofSeconds(20));
        fixture.store.renewLeases(fixture.gate.leases().liveLeases(), Duration.ofSeconds(30));
        fixture.clock.advance(Duration.ofSeconds(20));
        assertProblem(fixture.begin(create("k1").build()), 409, "idempotency-request-in-progress");
    }

    @Test
    void case11_reexecutePolicyTakesOverWithANewToken() {
        GateFixture fixture = new GateFixture(orders().crashPolicy(CrashPolicy.REEXECUTE));
        Verdict dead = fixture.begin(create("k1").build());
        long oldToken = fixture.record("k1").orElseThrow().fencingToken();
        fixture.clock.advance(Duration.ofSeconds(31));

        Verdict takeover = fixture.begin(create("k1").build());
        assertThat(takeover.proceeds()).isTrue();
        assertThat(takeover.execution()).isNotNull();
        StoredRecord record = fixture.record("k1").orElseThrow();
        assertThat(record.fencingToken()).isGreaterThan(oldToken);
        assertThat(record.state()).isEqualTo(RecordState.IN_PROGRESS);

        dead.execution().finish(TestResponse.status(200).body("stale"), null, false);
        takeover.execution().finish(created(), null, false);
        Verdict replay = fixture.begin(create("k1").build());
        assertThat(text(replay)).isEqualTo("{\"id\":1}");
    }

    @Test
    void case11_unknownRecordStays409EvenUnderReexecute() {
        GateFixture fixture = new GateFixture(orders());
        fixture.begin(create("k1").build());
        fixture.clock.advance(Duration.ofSeconds(31));
        fixture.begin(create("k1").build());
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.UNKNOWN);
        assertProblem(fixture.begin(create("k1").build()), 409, "idempotency-outcome-unknown");
    }

    // 12: release on status

    @Test
    void case12_releasedStatusPassesThroughAndFreesTheKey() {
        GateFixture fixture = new GateFixture(orders().releaseOnStatus(Set.of(503)));
        execute(fixture, create("k1").build(), TestResponse.status(503).body("busy"));
        assertThat(fixture.record("k1")).isEmpty();
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.RELEASED);
        assertThat(event.status()).isEqualTo(503);
        assertThat(fixture.gate.leases().liveLeases()).isEmpty();

        Verdict retry = fixture.begin(create("k1").build());
        assertThat(retry.execution()).as("the retry executes again").isNotNull();
    }

    // 13: handler threw, client left

    @Test
    void case13_handlerExceptionBeforeAStatusIsStoredAs500() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.begin(create("k1").build());
        verdict.execution().finish(null, new IllegalStateException("bug"), false);
        StoredRecord record = fixture.record("k1").orElseThrow();
        assertThat(record.state()).isEqualTo(RecordState.COMPLETED);
        assertThat(record.response().status()).isEqualTo(500);
        AttemptEvent event = fixture.listener.last();
        assertThat(event.errorType()).isEqualTo(ErrorType.HANDLER_EXCEPTION);
        assertThat(event.status()).isEqualTo(500);
        assertThat(fixture.begin(create("k1").build()).status()).isEqualTo(500);
    }

    @Test
    void case13_handlerExceptionAfterWritingKeepsWhatWasWritten() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.begin(create("k1").build());
        verdict.execution().finish(created(), new IllegalStateException("after commit"), false);
        assertThat(fixture.record("k1").orElseThrow().response().status()).isEqualTo(201);
    }

    @Test
    void case13_clientDisconnectStillStoresAndReplays() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.begin(create("k1").build());
        verdict.execution().finish(created(), new IOException("broken pipe"), true);
        assertThat(fixture.listener.last().errorType()).isEqualTo(ErrorType.CLIENT_DISCONNECT);
        Verdict retry = fixture.begin(create("k1").build());
        assertThat(retry.status()).isEqualTo(201);
        assertThat(header(retry, "Idempotent-Replayed")).isEqualTo("true");
    }

    // 14: response body over the storage limit

    @Test
    void case14_oversizedResponseKeepsStatusAndHeadersAndSaysSoOnReplay() {
        GateFixture fixture = new GateFixture(orders().maxStoredResponseBody(4));
        Verdict verdict = fixture.begin(create("k1").build());
        assertThat(verdict.execution().responseCaptureLimit()).isEqualTo(4);
        verdict.execution().finish(created().incomplete(), null, false);
        StoredRecord record = fixture.record("k1").orElseThrow();
        assertThat(record.response().bodyRetained()).isFalse();
        assertThat(record.response().headers()).containsKey("Location");

        Verdict replay = fixture.begin(create("k1").build());
        JsonNode problem = assertProblem(replay, 201, "idempotency-response-not-retained");
        assertThat(problem.get("detail").asText()).contains("201");
        assertThat(header(replay, "Idempotent-Replayed")).isEqualTo("true");
        assertThat(header(replay, "Location")).isEqualTo("/orders/1");
    }

    // the execution's own contract

    @Test
    void finishIsIdempotent() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.begin(create("k1").build());
        verdict.execution().finish(created(), null, false);
        verdict.execution().finish(TestResponse.status(500), null, false);
        assertThat(fixture.listener.events).hasSize(1);
        assertThat(fixture.record("k1").orElseThrow().response().status()).isEqualTo(201);
    }

    @Test
    void storeFailureOnFinishIsReportedNotThrown() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.begin(create("k1").build());
        fixture.store.unavailable();
        verdict.execution().finish(created(), null, false);
        assertThat(fixture.listener.last().errorType()).isEqualTo(ErrorType.STORE_ERROR);
        assertThat(fixture.listener.failures).hasSize(1);
        assertThat(fixture.gate.leases().liveLeases()).as("its lease may now expire").isEmpty();
    }

    @Test
    void aBrokenRequestViewRunsUnprotectedAsTheAgentsFailureNotTheStores() {
        GateFixture fixture = new GateFixture(orders());
        Verdict verdict = fixture.gate.begin(fixture.ordersRoute(), requestViewThatThrows());
        assertThat(verdict.proceeds()).as("before the store was asked: as if the agent were absent").isTrue();
        assertThat(verdict.execution()).as("unobserved: no claim was made").isNull();
        assertThat(fixture.record("k1")).isEmpty();
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.AGENT_FAILURE);
        assertThat(event.errorType()).isEqualTo(ErrorType.AGENT_ERROR);
        assertThat(event.reason()).contains("the agent failed while deciding", "recycled request",
                "executed UNPROTECTED");
        assertThat(fixture.listener.failures).singleElement().isInstanceOf(IllegalStateException.class);
    }

    @Test
    void anAgentFailureOnceTheStoreWasAskedFailsClosed() throws IOException {
        GateFixture fixture = new GateFixture(orders());
        fixture.store.breakWith(() -> new AssertionError("a bug in the store"));
        Verdict verdict = fixture.begin(create("k1").build());
        assertThat(verdict.proceeds()).as("a record may say the key executed already").isFalse();
        assertProblem(verdict, 500, "idempotency-agent-failure");
        assertThat(header(verdict, "Retry-After")).isNull();
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.AGENT_FAILURE);
        assertThat(event.errorType()).isEqualTo(ErrorType.AGENT_ERROR);
        assertThat(event.status()).isEqualTo(500);
        assertThat(event.reason()).contains("a bug in the store", "not executed");
        assertThat(fixture.listener.failures).singleElement().isInstanceOf(AssertionError.class);
    }

    @Test
    void anAgentFailureOnceTheStoreWasAskedRunsUnprotectedOnlyOnAFailOpenEndpoint() {
        GateFixture fixture = new GateFixture(orders().onStoreError(StoreErrorPolicy.FAIL_OPEN));
        fixture.store.breakWith(() -> new AssertionError("a bug in the store"));
        Verdict verdict = fixture.begin(create("k1").build());
        assertThat(verdict.proceeds()).isTrue();
        assertThat(verdict.execution()).isNull();
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.AGENT_FAILURE);
        assertThat(event.errorType()).isEqualTo(ErrorType.AGENT_ERROR);
        assertThat(event.reason()).contains("UNPROTECTED (fail-open)");
    }

    @Test
    void anAgentFailureAfterTheClaimBeforeTheHandlerReleasesTheClaimSoTheRetryExecutesOnce() {
        GateFixture fixture = new GateFixture(orders());
        fixture.gate.decision.beforeHandler = () -> {
            throw new IllegalStateException("a bug between the claim and the handler");
        };
        int executions = 0;

        Verdict refused = fixture.begin(create("k1").build());
        executions += refused.proceeds() ? 1 : 0;
        assertProblem(refused, 500, "idempotency-agent-failure");
        assertThat(fixture.record("k1")).as("nothing ran, so nothing is claimed").isEmpty();
        assertThat(fixture.gate.leases().liveLeases()).isEmpty();
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.AGENT_FAILURE);
        assertThat(event.reason()).contains("a bug between the claim and the handler", "the claim was released",
                "not executed");

        fixture.gate.decision.beforeHandler = () -> { };
        Verdict retry = fixture.begin(create("k1").build());
        assertThat(retry.proceeds()).as("the retry executes at once, not 409 in progress").isTrue();
        executions++;
        retry.execution().finish(created(), null, false);
        Verdict again = fixture.begin(create("k1").build());
        executions += again.proceeds() ? 1 : 0;

        assertThat(executions).isEqualTo(1);
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.COMPLETED);
        assertThat(header(again, "Idempotent-Replayed")).isEqualTo("true");
    }

    @Test
    void anAgentFailureAfterTheClaimOnAFailOpenEndpointReleasesItAndRunsUnprotected() {
        GateFixture fixture = new GateFixture(orders().onStoreError(StoreErrorPolicy.FAIL_OPEN));
        fixture.gate.decision.beforeHandler = () -> {
            throw new IllegalStateException("a bug between the claim and the handler");
        };

        Verdict verdict = fixture.begin(create("k1").build());

        assertThat(verdict.proceeds()).isTrue();
        assertThat(verdict.execution()).isNull();
        assertThat(fixture.record("k1")).as("no claim is left behind the unprotected run").isEmpty();
        assertThat(fixture.gate.leases().liveLeases()).isEmpty();
        assertThat(fixture.listener.last().reason()).contains("the claim was released", "UNPROTECTED (fail-open)");
    }

    @Test
    void aClaimThatCannotBeReleasedAfterAnAgentFailureIsLeftToItsLease() {
        GateFixture fixture = new GateFixture(orders());
        fixture.gate.decision.beforeHandler = () -> {
            fixture.store.unavailable();
            throw new IllegalStateException("a bug between the claim and the handler");
        };

        Verdict refused = fixture.begin(create("k1").build());

        assertProblem(refused, 500, "idempotency-agent-failure");
        assertThat(fixture.gate.leases().liveLeases()).as("not renewed: its lease may expire").isEmpty();
        assertThat(fixture.listener.last().reason()).contains("releasing the claim failed too",
                "stays in progress until its lease expires");
        fixture.store.available();
        assertThat(fixture.record("k1").orElseThrow().state()).isEqualTo(RecordState.IN_PROGRESS);
    }

    /** An adapter's view whose headers throw, as a recycled container request does. */
    private static RequestView requestViewThatThrows() {
        return new RequestView() {
            @Override public String method() { return "POST"; }
            @Override public String path() { return "/orders"; }
            @Override public List<String> headers(String name) { throw new IllegalStateException("recycled request"); }
            @Override public String rawQuery() { return null; }
            @Override public String principal() { return null; }
            @Override public long contentLength() { return -1; }
            @Override public byte[] body(int limit) { return new byte[0]; }
        };
    }

    @Test
    void aRequestViewThatDoesNotLinkRunsUnprotectedAndIsNoStoreFailure() {
        GateFixture fixture = new GateFixture(orders());
        RequestView servlet30 = new RequestView() {
            @Override public String method() { return "POST"; }
            @Override public String path() { return "/orders"; }
            @Override public List<String> headers(String name) {
                return name.equals("Idempotency-Key") ? List.of("k1") : List.of();
            }
            @Override public String rawQuery() { return null; }
            @Override public String principal() { return null; }
            @Override public long contentLength() {
                throw new NoSuchMethodError("javax.servlet.ServletRequest.getContentLengthLong()J");
            }
            @Override public byte[] body(int limit) { return new byte[0]; }
        };
        Verdict verdict = fixture.gate.begin(fixture.ordersRoute(), servlet30);
        assertThat(verdict.proceeds()).isTrue();
        assertThat(verdict.execution()).as("unobserved: no claim was made").isNull();
        assertThat(fixture.record("k1")).isEmpty();
        AttemptEvent event = fixture.listener.last();
        assertThat(event.decision()).isEqualTo(Decision.PASSTHROUGH);
        assertThat(event.errorType()).isNull();
        assertThat(event.reason()).contains("does not link", "UNPROTECTED");
        assertThat(fixture.listener.failures).singleElement().isInstanceOf(NoSuchMethodError.class);
    }

    @Test
    void anAnswerIsRecordedOnlyWhenTheAdapterHasDeliveredIt() {
        GateFixture fixture = new GateFixture(orders());
        Verdict refusal = fixture.undelivered(TestRequest.post("/orders").body(BODY).build());
        assertThat(refusal.status()).isEqualTo(400);
        assertThat(fixture.listener.events).as("not yet written").isEmpty();
        refusal.delivered();
        refusal.delivered();
        assertThat(fixture.listener.events).singleElement()
                .extracting(AttemptEvent::decision).isEqualTo(Decision.MISSING_KEY);
    }

    @Test
    void anAnswerTheAdapterCouldNotWriteIsLoggedAsWhatTheClientReceived() throws IOException {
        GateFixture fixture = new GateFixture(orders());
        execute(fixture, create("k1").build(), created());
        int executions = fixture.listener.events.size();
        Verdict replay = fixture.undelivered(create("k1").build());
        assertThat(replay.status()).isEqualTo(201);

        replay.notDelivered(Verdict.FAILURE_STATUS, new NoSuchMethodError("javax.ws.rs.core.Response.status(ILjava/lang/String;)"));

        AttemptEvent event = fixture.listener.last();
        assertThat(fixture.listener.events).hasSize(executions + 1);
        assertThat(event.decision()).isEqualTo(Decision.ANSWER_FAILED);
        assertThat(event.status()).isEqualTo(500);
        assertThat(event.errorType()).isEqualTo(ErrorType.AGENT_ERROR);
        assertThat(event.reason()).contains("decided replayed with status 201", "the application did not run");
        assertThat(fixture.listener.failures).singleElement().isInstanceOf(NoSuchMethodError.class);
        JsonNode problem = new com.fasterxml.jackson.databind.ObjectMapper().readTree(replay.failureBody());
        assertThat(problem.get("type").asText()).endsWith("/idempotency-agent-failure");
        assertThat(problem.get("status").asInt()).isEqualTo(500);
        assertThat(problem.get("requestId").asText()).isEqualTo(event.requestId());
    }

    @Test
    void aJaxrsPathBelowADispatcherServletMatchesTheJaxrsDeclaration() {
        GateFixture fixture = new GateFixture(orders());
        Route below = fixture.gate.routeBelowDispatcher("POST", "/api//orders", "/orders", null);
        assertThat(((DeclaredRoute) below).policy()).isSameAs(fixture.policy);
        assertThat(((DeclaredRoute) below).path()).as("the request's own path, normalised").isEqualTo("/api/orders");
        assertThat(fixture.gate.routeBelowDispatcher("POST", "/api/orders/1/notes", "/orders/1/notes",
                "Jersey 1 through com.sun.jersey.spi.container.servlet.ServletContainer")).isNull();
        assertThat(fixture.listener.warnings).isEmpty();
    }

    @Test
    void aResourceMethodDeclarationIsWarnedOfOnceAtTheFirstRequestToADispatcherThatCannotServeIt() {
        RecordingListener listener = new RecordingListener();
        TestClock clock = new TestClock();
        IdempotencyGate gate = new IdempotencyGate(new RouteTable(List.of(GateFixture.policy(orders()),
                TestEndpoints.byResourceMethod("pay", "POST", "com.acme.Payments#pay"))),
                TestStores.create(clock), "o", listener, clock, OutcomeWrites.onRequestThread());

        for (int i = 0; i < 3; i++) {
            gate.routeBelowDispatcher("POST", "/services/payments", "/payments",
                    "Apache CXF 4 through org.apache.cxf.transport.servlet.CXFNonSpringServlet");
        }
        gate.routeBelowDispatcher("POST", "/api/payments", "/payments", null);

        assertThat(listener.warnings).singleElement().asString().startsWith("pay: requests reach Apache CXF 4")
                .contains("resource-method com.acme.Payments#pay protects nothing there", "declare path:");
    }

    /** A resource class's own method, as a JAX-RS runtime matched it. */
    static final class Carts {
        public void replace() {
        }
    }

    @Test
    void anUndeclaredRequestIsKeptByTheResourceMethodTheRuntimeMatched() throws Exception {
        GateFixture fixture = new GateFixture(orders());

        fixture.gate.undeclared(TestRequest.request("PUT", "/carts/9").build(), Carts.class,
                Carts.class.getMethod("replace"));
        fixture.gate.undeclared(TestRequest.post("/orders/1/notes").build(), null, null);

        assertThat(fixture.gate.undeclaredRequests().lines()).containsExactlyInAnyOrder(
                "PUT /carts/{id} (resource-method " + Carts.class.getName() + "#replace): 1 request(s), "
                        + "Idempotency-Key never sent, content types: none, credentials: none",
                "POST /orders/{id}/notes: 1 request(s), Idempotency-Key never sent, content types: none, "
                        + "credentials: none");
    }

    @Test
    void keyedRequestsToAnUndeclaredPathAreSaidOnceWhileTheDeclaredEndpointHasHadNone() {
        GateFixture fixture = new GateFixture(orders());

        for (int i = 0; i < 5; i++) {
            fixture.gate.undeclared(TestRequest.post("/ordres/" + i).header("Idempotency-Key", "k-" + i).build(), null,
                    null);
            fixture.gate.undeclared(TestRequest.post("/unkeyed").build(), null, null);
        }

        assertThat(fixture.listener.warnings).containsExactly("create-order: 3 requests carried Idempotency-Key to "
                + "POST /ordres/{id}, which no endpoint declares, so the agent protected none of them, while this "
                + "endpoint (POST /orders) has been routed no request since start. If it means POST /ordres/{id}, "
                + "correct its path or method and restart; `java -jar idempotency-agent.jar discover` prints a "
                + "declaration for every undeclared path");
    }

    @Test
    void aClientsMisspeltTryIsNotSaidOnceTheDeclaredEndpointIsRouted() {
        GateFixture fixture = new GateFixture(orders());

        fixture.gate.undeclared(TestRequest.post("/order").header("Idempotency-Key", "k").build(), null, null);
        assertThat(fixture.gate.route("POST", "", "/orders")).isNotNull();
        for (int i = 0; i < 5; i++) {
            fixture.gate.undeclared(TestRequest.post("/order").header("Idempotency-Key", "k").build(), null, null);
        }

        assertThat(fixture.listener.warnings).isEmpty();
    }

    @Test
    void throwingListenerDoesNotBreakTheRequest() {
        GateFixture fixture = new GateFixture(orders());
        IdempotencyGate gate = new IdempotencyGate(new RouteTable(List.of(fixture.policy)),
                fixture.store, "o", event -> {
                    throw new IllegalStateException("listener bug");
                }, fixture.clock, OutcomeWrites.onRequestThread());
        Verdict verdict = gate.begin(gate.route("POST", "", "/orders"), TestRequest.post("/orders").build());
        assertThat(verdict.status()).isEqualTo(400);
    }

    @Test
    void theEntryPointEachRequestCameThroughIsKeptPerEndpoint() {
        GateFixture fixture = new GateFixture(orders());

        fixture.gate.begin(fixture.ordersRoute(), TestRequest.post("/orders").key("k-entry").body("{}")
                .entryPoint(IdempotencyGateTest.class).build());
        fixture.gate.begin(fixture.ordersRoute(), TestRequest.post("/orders").build());

        assertThat(fixture.gate.entryPointsByEndpoint()).containsOnlyKeys(fixture.policy.name());
        assertThat(fixture.gate.entryPointsByEndpoint().get(fixture.policy.name())).singleElement().asString()
                .startsWith(IdempotencyGateTest.class.getName() + " in ");
    }

    @Test
    void adapterFailuresAreReportedOncePerCause() {
        GateFixture fixture = new GateFixture(orders());
        for (int i = 0; i < 3; i++) {
            fixture.gate.adapterFailure("servlet", new IllegalStateException("unexpected container API"));
        }
        assertThat(fixture.listener.failures).hasSize(1);
        assertThat(fixture.listener.failures.get(0)).hasMessage("unexpected container API");
    }
}
