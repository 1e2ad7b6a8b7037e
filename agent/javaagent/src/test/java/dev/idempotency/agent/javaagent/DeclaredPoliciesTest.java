package dev.idempotency.agent.javaagent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.config.ConfigLoader;
import dev.idempotency.agent.config.testing.SampleConfig;
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
        List<EndpointPolicy> policies = policiesOf(SampleConfig.EVERY_FIELD);

        EndpointPolicy create = policies.get(0);
        assertThat(create.name()).isEqualTo("create-order");
        assertThat(create.method()).isEqualTo("POST");
        assertThat(create.pathTemplate().text()).isEqualTo("/orders");
        assertThat(create.resourceMethod()).isEqualTo("com.acme.OrderResource#create");
        assertThat(create.settings().keyHeader()).isEqualTo("X-Idempotency-Key");
        assertThat(create.settings().required()).isFalse();
        assertThat(create.settings().keyMinLength()).isEqualTo(8);
        assertThat(create.settings().keyMaxLength()).isEqualTo(64);
        assertThat(create.keyParser().expected()).contains("matching [A-Za-z0-9-]+");
        assertThat(create.settings().scope()).containsExactly(ScopePart.header("X-Tenant-Id"), ScopePart.principal());
        assertThat(create.settings().ttl()).isEqualTo(Duration.ofDays(7));
        assertThat(create.settings().lease()).isEqualTo(Duration.ofMinutes(1));
        assertThat(create.settings().fingerprint().mode()).isEqualTo(FingerprintMode.JSON);
        assertThat(create.settings().fingerprint().ignoredFields()).containsExactly("requestedAt", "meta.trace");
        assertThat(create.settings().fingerprint().queryParameters()).contains(List.of("currency"));
        assertThat(create.settings().fingerprint().headers()).containsExactly("Content-Type");
        assertThat(List.of(create.status(ProblemType.KEY_MISSING), create.status(ProblemType.KEY_INVALID),
                create.status(ProblemType.BODY_TOO_LARGE), create.status(ProblemType.DEADLINE_EXCEEDED),
                create.status(ProblemType.STORE_UNAVAILABLE), create.status(ProblemType.KEY_REUSED),
                create.status(ProblemType.IN_PROGRESS), create.status(ProblemType.OUTCOME_UNKNOWN)))
                .containsExactly(428, 422, 400, 408, 500, 409, 429, 500);
        assertThat(create.settings().releaseOnStatus()).containsExactlyInAnyOrder(503, 502);
        assertThat(create.settings().inFlightWait()).isEqualTo(Duration.ofSeconds(2));
        assertThat(create.settings().retryAfter()).isEqualTo(Duration.ofSeconds(5));
        assertThat(create.maxRequestBody()).isEqualTo(2 * 1024 * 1024);
        assertThat(create.responseRetention().maxStoredBody()).isEqualTo(256 * 1024);
        assertThat(create.settings().crashPolicy()).isEqualTo(CrashPolicy.REEXECUTE);
        assertThat(create.settings().onStoreError()).isEqualTo(StoreErrorPolicy.FAIL_OPEN);
        assertThat(create.settings().replayHeaders()).containsExactly("X-Order-Id");
        assertThat(create.deadlineHeader().name()).isEqualTo("x-envoy-expected-rq-timeout-ms");
        assertThat(create.deadlineHeader().format()).isEqualTo(DeadlineFormat.RELATIVE_MS);
        assertThat(create.requestIdHeader()).isEqualTo("X-Correlation-Id");

        EndpointPolicy update = policies.get(1);
        assertThat(update.name()).isEqualTo("PUT /orders/{id}");
        assertThat(update.settings().ttl()).as("its own").isEqualTo(Duration.ofHours(1));
        assertThat(update.settings().fingerprint().mode()).isEqualTo(FingerprintMode.RAW);
        assertThat(update.status(ProblemType.KEY_REUSED)).isEqualTo(422);
        assertThat(update.status(ProblemType.KEY_MISSING)).as("the defaults'").isEqualTo(428);
    }

    @Test
    void anEndpointThatSetsNothingGetsTheBuiltInDefaults() throws Exception {
        EndpointPolicy plain = policiesOf("endpoints:\n  - name: plain\n    method: PUT\n    path: /plain\n").get(0);

        assertThat(plain.settings().fingerprint().queryParameters()).as("absent: the whole query string").isEmpty();
        assertThat(plain.settings().scope()).containsExactly(ScopePart.none());
        assertThat(plain.deadlineHeader()).isNull();
    }

    private List<EndpointPolicy> policiesOf(String config) throws Exception {
        Path file = Files.writeString(dir.resolve("agent.yaml"), config);
        return RunningAgent.policies(ConfigLoader.load(file, SampleConfig.ENV::get));
    }
}
