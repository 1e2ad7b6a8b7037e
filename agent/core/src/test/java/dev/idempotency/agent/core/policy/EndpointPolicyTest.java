package dev.idempotency.agent.core.policy;

import dev.idempotency.agent.vocabulary.CrashPolicy;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import dev.idempotency.agent.vocabulary.FingerprintMode;
import dev.idempotency.agent.vocabulary.ScopePart;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EndpointPolicyTest {

    @Test
    void defaultsAreTheContracts() {
        EndpointPolicy policy = EndpointPolicy.builder().name("create").pathTemplate("/orders").build();
        assertThat(policy.method()).isEqualTo("POST");
        assertThat(policy.keyHeader()).isEqualTo("Idempotency-Key");
        assertThat(policy.required()).isTrue();
        assertThat(policy.keyMinLength()).isEqualTo(1);
        assertThat(policy.keyMaxLength()).isEqualTo(255);
        assertThat(policy.scope()).containsExactly(ScopePart.none());
        assertThat(policy.ttl()).isEqualTo(Duration.ofHours(24));
        assertThat(policy.lease()).isEqualTo(Duration.ofSeconds(30));
        assertThat(policy.fingerprintMode()).isEqualTo(FingerprintMode.RAW);
        assertThat(policy.status(ProblemType.KEY_MISSING)).isEqualTo(400);
        assertThat(policy.status(ProblemType.KEY_INVALID)).isEqualTo(400);
        assertThat(policy.status(ProblemType.SCOPE_MISSING)).isEqualTo(400);
        assertThat(policy.status(ProblemType.BODY_TOO_LARGE)).isEqualTo(413);
        assertThat(policy.status(ProblemType.DEADLINE_EXCEEDED)).isEqualTo(504);
        assertThat(policy.status(ProblemType.STORE_UNAVAILABLE)).isEqualTo(503);
        assertThat(policy.status(ProblemType.KEY_REUSED)).isEqualTo(422);
        assertThat(policy.status(ProblemType.IN_PROGRESS)).isEqualTo(409);
        assertThat(policy.status(ProblemType.OUTCOME_UNKNOWN)).isEqualTo(409);
        assertThat(policy.releaseOnStatus()).isEmpty();
        assertThat(policy.inFlightWait()).isEqualTo(Duration.ZERO);
        assertThat(policy.retryAfter()).isEqualTo(Duration.ofSeconds(1));
        assertThat(policy.maxRequestBody()).isEqualTo(1024 * 1024);
        assertThat(policy.maxStoredResponseBody()).isEqualTo(1024 * 1024);
        assertThat(policy.crashPolicy()).isEqualTo(CrashPolicy.UNKNOWN);
        assertThat(policy.onStoreError()).isEqualTo(StoreErrorPolicy.FAIL_CLOSED);
        assertThat(policy.deadlineHeaderName()).isEmpty();
        assertThat(policy.deadlineHeader()).isNull();
        assertThat(policy.deadlineFormat()).isEqualTo(DeadlineFormat.RELATIVE_MS);
        assertThat(policy.requestIdHeader()).isEqualTo("X-Request-Id");
    }

    @Test
    void statusesAreConfigurable() {
        EndpointPolicy policy = EndpointPolicy.builder().name("e").pathTemplate("/e").keyReusedStatus(409)
                .invalidKeyStatus(422).releaseOnStatus(Set.of(503)).build();
        assertThat(policy.status(ProblemType.KEY_REUSED)).isEqualTo(409);
        assertThat(policy.status(ProblemType.SCOPE_MISSING)).as("follows invalid key").isEqualTo(422);
        assertThat(policy.toBuilder().build().status(ProblemType.KEY_REUSED)).isEqualTo(409);
        assertThat(policy.toBuilder().build().releaseOnStatus()).containsExactly(503);
    }

    @Test
    void methodIsUpperCased() {
        assertThat(EndpointPolicy.builder().name("e").method("put").pathTemplate("/e").build().method()).isEqualTo("PUT");
    }

    @Test
    void aResourceMethodAloneDeclaresAnEndpoint() {
        EndpointPolicy policy = EndpointPolicy.builder().name("e").resourceMethod("com.acme.Resource#create").build();
        assertThat(policy.pathTemplate()).isNull();
        assertThat(policy.routeLabel()).isEqualTo("com.acme.Resource#create");
    }

    @Test
    void badSettingsNameTheField() {
        assertThatThrownBy(() -> EndpointPolicy.builder().pathTemplate("/e").build()).hasMessageContaining("name");
        assertThatThrownBy(() -> EndpointPolicy.builder().name("e").build()).hasMessageContaining("path");
        assertThatThrownBy(() -> EndpointPolicy.builder().name("e").pathTemplate("e").build())
                .hasMessageContaining("it must start with /");
        assertThatThrownBy(() -> EndpointPolicy.builder().name("e").pathTemplate("/e").keyMinLength(300).build())
                .hasMessageContaining("key-min-length");
        assertThatThrownBy(() -> EndpointPolicy.builder().name("e").pathTemplate("/e").ttl(Duration.ZERO).build())
                .hasMessageContaining("ttl");
        assertThatThrownBy(() -> EndpointPolicy.builder().name("e").pathTemplate("/e").inProgressStatus(99).build())
                .hasMessageContaining("statuses");
        assertThatThrownBy(() -> EndpointPolicy.builder().name("e").pathTemplate("/e")
                .releaseOnStatus(List.of(700)).build()).hasMessageContaining("release-on-status");
        assertThatThrownBy(() -> EndpointPolicy.builder().name("e").resourceMethod("com.acme.Resource").build())
                .hasMessageContaining("resource-method");
    }
}
