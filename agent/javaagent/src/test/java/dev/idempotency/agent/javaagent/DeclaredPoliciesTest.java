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

/** From the config file to the core: every field of an endpoint arrives where the core reads it. */
class DeclaredPoliciesTest {

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
                    key-pattern: "[a-z0-9-]{8,}"
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

        List<EndpointPolicy> policies = RunningAgent.policies(ConfigLoader.load(file));

        EndpointPolicy pay = policies.get(0);
        assertThat(pay.name()).isEqualTo("pay");
        assertThat(pay.method()).isEqualTo("POST");
        assertThat(pay.pathTemplate().text()).isEqualTo("/orders/{id}/payments/");
        assertThat(pay.resourceMethod()).isEqualTo("com.acme.Payments#pay");
        assertThat(pay.settings().keyHeader()).isEqualTo("X-Idem");
        assertThat(pay.settings().required()).isFalse();
        assertThat(pay.settings().keyMinLength()).isEqualTo(8);
        assertThat(pay.settings().keyMaxLength()).isEqualTo(64);
        assertThat(pay.keyParser().expected()).contains("matching [a-z0-9-]{8,}");
        assertThat(pay.settings().scope()).containsExactly(ScopePart.header("X-Tenant"), ScopePart.principal(),
                ScopePart.cookie("SESSION"));
        assertThat(pay.settings().ttl()).isEqualTo(Duration.ofHours(2));
        assertThat(pay.settings().lease()).isEqualTo(Duration.ofSeconds(45));
        assertThat(pay.settings().fingerprint().mode()).isEqualTo(FingerprintMode.JSON);
        assertThat(pay.settings().fingerprint().ignoredFields()).containsExactly("requestedAt");
        assertThat(pay.settings().fingerprint().queryParameters()).contains(List.of("currency"));
        assertThat(pay.settings().fingerprint().headers()).containsExactly("X-Account");
        assertThat(List.of(pay.status(ProblemType.KEY_MISSING), pay.status(ProblemType.KEY_INVALID),
                pay.status(ProblemType.BODY_TOO_LARGE), pay.status(ProblemType.DEADLINE_EXCEEDED),
                pay.status(ProblemType.STORE_UNAVAILABLE), pay.status(ProblemType.KEY_REUSED),
                pay.status(ProblemType.IN_PROGRESS), pay.status(ProblemType.OUTCOME_UNKNOWN)))
                .containsExactly(428, 422, 400, 408, 500, 409, 429, 500);
        assertThat(pay.settings().releaseOnStatus()).containsExactlyInAnyOrder(429, 503);
        assertThat(pay.settings().inFlightWait()).isEqualTo(Duration.ofSeconds(2));
        assertThat(pay.settings().retryAfter()).isEqualTo(Duration.ofSeconds(3));
        assertThat(pay.maxRequestBody()).isEqualTo(64 * 1024);
        assertThat(pay.responseRetention().maxStoredBody()).isEqualTo(32 * 1024);
        assertThat(pay.settings().crashPolicy()).isEqualTo(CrashPolicy.REEXECUTE);
        assertThat(pay.settings().onStoreError()).isEqualTo(StoreErrorPolicy.FAIL_OPEN);
        assertThat(pay.settings().replayHeaders()).containsExactly("X-Order-Version");
        assertThat(pay.deadlineHeader().name()).isEqualTo("X-Deadline");
        assertThat(pay.deadlineHeader().format()).isEqualTo(DeadlineFormat.EPOCH_MS);
        assertThat(pay.requestIdHeader()).isEqualTo("X-Trace-Request");

        EndpointPolicy plain = policies.get(1);
        assertThat(plain.settings().fingerprint().queryParameters()).as("absent: the whole query string").isEmpty();
        assertThat(plain.settings().scope()).containsExactly(ScopePart.none());
        assertThat(plain.deadlineHeader()).isNull();
    }
}
