package dev.idempotency.agent.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.core.testing.TestEndpoints;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.PathTemplate;
import org.junit.jupiter.api.Test;

class EndpointPolicyTest {

    @Test
    void eachAnswerTakesItsConfiguredStatus() {
        EndpointPolicy policy = TestEndpoints.byPath("e", "POST", "/e", EndpointSettings.builder()
                .statuses(new EndpointSettings.Statuses(428, 422, 400, 408, 500, 410, 429, 502)).build());
        assertThat(policy.status(ProblemType.KEY_MISSING)).isEqualTo(428);
        assertThat(policy.status(ProblemType.KEY_INVALID)).isEqualTo(422);
        assertThat(policy.status(ProblemType.SCOPE_MISSING)).as("follows invalid key").isEqualTo(422);
        assertThat(policy.status(ProblemType.BODY_TOO_LARGE)).isEqualTo(400);
        assertThat(policy.status(ProblemType.DEADLINE_EXCEEDED)).isEqualTo(408);
        assertThat(policy.status(ProblemType.STORE_UNAVAILABLE)).isEqualTo(500);
        assertThat(policy.status(ProblemType.KEY_REUSED)).isEqualTo(410);
        assertThat(policy.status(ProblemType.IN_PROGRESS)).isEqualTo(429);
        assertThat(policy.status(ProblemType.OUTCOME_UNKNOWN)).isEqualTo(502);
        assertThat(policy.status(ProblemType.BODY_UNREADABLE)).isEqualTo(400);
    }

    @Test
    void thePreparedPartsFollowTheSettings() {
        EndpointPolicy plain = TestEndpoints.byPath("e", "POST", "/e");
        assertThat(plain.deadlineHeader()).isNull();
        assertThat(plain.maxRequestBody()).isEqualTo(1024 * 1024);
        assertThat(plain.responseRetention().maxStoredBody()).isEqualTo(1024 * 1024);

        EndpointPolicy large = TestEndpoints.byPath("e", "POST", "/e", EndpointSettings.builder()
                .maxRequestBody(5L << 30).maxStoredResponseBody(4)
                .deadline(new EndpointSettings.Deadline("X-Deadline", DeadlineFormat.EPOCH_MS)).build());
        assertThat(large.maxRequestBody()).as("as much as an array holds").isEqualTo(Integer.MAX_VALUE - 8);
        assertThat(large.responseRetention().maxStoredBody()).isEqualTo(4);
        assertThat(large.deadlineHeader().name()).isEqualTo("X-Deadline");
        assertThat(large.deadlineHeader().format()).isEqualTo(DeadlineFormat.EPOCH_MS);
    }

    @Test
    void methodIsUpperCased() {
        assertThat(TestEndpoints.byPath("e", "put", "/e").method()).isEqualTo("PUT");
    }

    @Test
    void aResourceMethodAloneDeclaresAnEndpoint() {
        EndpointPolicy policy = TestEndpoints.byResourceMethod("e", "POST", "com.acme.Resource#create");
        assertThat(policy.pathTemplate()).isNull();
        assertThat(policy.routeLabel()).isEqualTo("com.acme.Resource#create");
    }

    @Test
    void badDeclarationsNameTheField() {
        EndpointSettings settings = EndpointSettings.defaults();
        PathTemplate path = PathTemplate.of("/e");
        assertThatThrownBy(() -> new EndpointPolicy(null, "POST", path, null, settings, "X-Request-Id"))
                .hasMessageContaining("name");
        assertThatThrownBy(() -> new EndpointPolicy("e", "POST", null, null, settings, "X-Request-Id"))
                .hasMessageContaining("path");
        assertThatThrownBy(() -> TestEndpoints.byPath("e", "POST", "e")).hasMessageContaining("it must start with /");
        assertThatThrownBy(() -> TestEndpoints.byResourceMethod("e", "POST", "com.acme.Resource"))
                .hasMessageContaining("resource-method");
        assertThatThrownBy(() -> new EndpointPolicy("e", "POST", path, null, settings, " "))
                .hasMessageContaining("request-id-header");
    }
}
