package dev.idempotency.agent.javaagent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.config.ConfigLoader;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.vocabulary.CrashPolicy;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import dev.idempotency.agent.vocabulary.FingerprintMode;
import dev.idempotency.agent.vocabulary.ScopePart;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one mapping from the config file to the core: every field arrives where the core reads it. */
class EndpointPoliciesTest {

    @TempDir
    Path dir;

    @Test
    void everyFieldOfAnEndpointReachesItsPolicy() throws Exception {
        Path file = Files.writeString(dir.resolve("agent.yaml"), """
                logging:
                  request-id-header: X-Trace-Request
                endpoints:
                  - name: pay
                    method: POST
                    path: /orders/{id}/payments/
                    resource-method: com.acme.Payments#pay
                    key-header: X-Idem
                    required: false
                    key-min-length: 8
                    key-max-length: 64
                    scope: [header:X-Tenant, principal, cookie:SESSION]
                    ttl: 2h
                    lease: 45s
                    fingerprint:
                      mode: json
                      ignored-fields: [requestedAt]
                      query-parameters: [currency]
                      headers: [X-Account]
                    statuses:
                      missing-key: 428
                      invalid-key: 422
                      body-too-large: 400
                      deadline-exceeded: 408
                      store-unavailable: 500
                      key-reused: 409
                      in-progress: 429
                      outcome-unknown: 500
                    release-on-status: [429, 503]
                    in-flight-wait: 2s
                    retry-after: 3s
                    max-request-body: 64KB
                    max-stored-response-body: 32KB
                    crash-policy: reexecute
                    on-store-error: fail-open
                    replay-headers: [X-Order-Version]
                    deadline:
                      header: X-Deadline
                      format: epoch-ms
                  - name: plain
                    method: PUT
                    path: /plain
                """);

        List<EndpointPolicy> policies = EndpointPolicies.from(ConfigLoader.load(file));

        EndpointPolicy pay = policies.get(0);
        assertThat(pay.name()).isEqualTo("pay");
        assertThat(pay.method()).isEqualTo("POST");
        assertThat(pay.pathTemplate().text()).isEqualTo("/orders/{id}/payments/");
        assertThat(pay.resourceMethod()).isEqualTo("com.acme.Payments#pay");
        assertThat(pay.keyHeader()).isEqualTo("X-Idem");
        assertThat(pay.required()).isFalse();
        assertThat(pay.keyMinLength()).isEqualTo(8);
        assertThat(pay.keyMaxLength()).isEqualTo(64);
        assertThat(pay.scope()).containsExactly(ScopePart.header("X-Tenant"), ScopePart.principal(),
                ScopePart.cookie("SESSION"));
        assertThat(pay.ttl()).isEqualTo(Duration.ofHours(2));
        assertThat(pay.lease()).isEqualTo(Duration.ofSeconds(45));
        assertThat(pay.fingerprintMode()).isEqualTo(FingerprintMode.JSON);
        assertThat(pay.ignoredFields()).containsExactly("requestedAt");
        assertThat(pay.fingerprintQueryParameters()).containsExactly("currency");
        assertThat(pay.fingerprintHeaders()).containsExactly("X-Account");
        assertThat(List.of(pay.status(ProblemType.KEY_MISSING), pay.status(ProblemType.KEY_INVALID),
                pay.status(ProblemType.BODY_TOO_LARGE), pay.status(ProblemType.DEADLINE_EXCEEDED),
                pay.status(ProblemType.STORE_UNAVAILABLE), pay.status(ProblemType.KEY_REUSED),
                pay.status(ProblemType.IN_PROGRESS), pay.status(ProblemType.OUTCOME_UNKNOWN)))
                .containsExactly(428, 422, 400, 408, 500, 409, 429, 500);
        assertThat(pay.releaseOnStatus()).containsExactlyInAnyOrder(429, 503);
        assertThat(pay.inFlightWait()).isEqualTo(Duration.ofSeconds(2));
        assertThat(pay.retryAfter()).isEqualTo(Duration.ofSeconds(3));
        assertThat(pay.maxRequestBody()).isEqualTo(64 * 1024);
        assertThat(pay.maxStoredResponseBody()).isEqualTo(32 * 1024);
        assertThat(pay.crashPolicy()).isEqualTo(CrashPolicy.REEXECUTE);
        assertThat(pay.onStoreError()).isEqualTo(StoreErrorPolicy.FAIL_OPEN);
        assertThat(pay.replayHeaders()).containsExactly("X-Order-Version");
        assertThat(pay.deadlineHeaderName()).isEqualTo("X-Deadline");
        assertThat(pay.deadlineFormat()).isEqualTo(DeadlineFormat.EPOCH_MS);
        assertThat(pay.requestIdHeader()).isEqualTo("X-Trace-Request");

        EndpointPolicy plain = policies.get(1);
        assertThat(plain.fingerprintQueryParameters()).as("absent: the whole query string").isNull();
        assertThat(plain.scope()).containsExactly(ScopePart.none());
        assertThat(plain.deadlineHeader()).isNull();
    }
}
