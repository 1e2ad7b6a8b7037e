package dev.idempotency.agent.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class EndpointSettingsTest {

    @Test
    void defaultsAreTheContracts() {
        EndpointSettings settings = EndpointSettings.defaults();
        assertThat(settings.keyHeader()).isEqualTo("Idempotency-Key");
        assertThat(settings.required()).isTrue();
        assertThat(settings.keyMinLength()).isEqualTo(1);
        assertThat(settings.keyMaxLength()).isEqualTo(255);
        assertThat(settings.keyPattern()).as("any key").isEmpty();
        assertThat(settings.scope()).containsExactly(ScopePart.none());
        assertThat(settings.ttl()).isEqualTo(Duration.ofHours(24));
        assertThat(settings.lease()).isEqualTo(Duration.ofSeconds(30));
        assertThat(settings.fingerprint().mode()).isEqualTo(FingerprintMode.RAW);
        assertThat(settings.fingerprint().ignoredFields()).isEmpty();
        assertThat(settings.fingerprint().queryParameters()).as("the whole query string").isEmpty();
        assertThat(settings.fingerprint().headers()).isEmpty();
        EndpointSettings.Statuses st = settings.statuses();
        assertThat(List.of(st.missingKey(), st.invalidKey(), st.bodyTooLarge(), st.deadlineExceeded(),
                st.storeUnavailable(), st.keyReused(), st.inProgress(), st.outcomeUnknown()))
                .containsExactly(400, 400, 413, 504, 503, 422, 409, 409);
        assertThat(settings.releaseOnStatus()).isEmpty();
        assertThat(settings.inFlightWait()).isEqualTo(Duration.ZERO);
        assertThat(settings.retryAfter()).isEqualTo(Duration.ofSeconds(1));
        assertThat(settings.maxRequestBody()).isEqualTo(1024 * 1024);
        assertThat(settings.maxStoredResponseBody()).isEqualTo(1024 * 1024);
        assertThat(settings.crashPolicy()).isEqualTo(CrashPolicy.UNKNOWN);
        assertThat(settings.onStoreError()).isEqualTo(StoreErrorPolicy.FAIL_CLOSED);
        assertThat(settings.replayHeaders()).isEmpty();
        assertThat(settings.deadline().header()).isEmpty();
        assertThat(settings.deadline().format()).isEqualTo(DeadlineFormat.RELATIVE_MS);
    }

    @Test
    void toBuilderKeepsEverySettingItDoesNotChange() {
        EndpointSettings settings = EndpointSettings.builder().keyHeader("X-Idem").required(false).keyMinLength(8)
                .keyMaxLength(64).keyPattern("[a-z]+").scope(ScopePart.principal()).ttl(Duration.ofHours(2))
                .lease(Duration.ofSeconds(45))
                .fingerprint(new EndpointSettings.Fingerprint(FingerprintMode.JSON, List.of("at"), List.of("c"),
                        List.of("X-Account")))
                .statuses(new EndpointSettings.Statuses(428, 422, 400, 408, 500, 409, 429, 500))
                .releaseOnStatus(List.of(429)).inFlightWait(Duration.ofSeconds(2)).retryAfter(Duration.ofSeconds(3))
                .maxRequestBody(64).maxStoredResponseBody(32).crashPolicy(CrashPolicy.REEXECUTE)
                .onStoreError(StoreErrorPolicy.FAIL_OPEN).replayHeaders(List.of("X-Version"))
                .deadline(new EndpointSettings.Deadline("X-Deadline", DeadlineFormat.EPOCH_MS)).build();

        EndpointSettings copy = settings.toBuilder().ttl(Duration.ofHours(3)).build();

        assertThat(copy.ttl()).isEqualTo(Duration.ofHours(3));
        assertThat(copy).usingRecursiveComparison().ignoringFields("ttl").isEqualTo(settings);
    }

    @Test
    void badSettingsNameTheFieldAndTheFix() {
        assertThatThrownBy(() -> EndpointSettings.builder().keyMinLength(0).build())
                .hasMessageContaining("key-min-length").hasMessageContaining("1 <= min <= max <= 255");
        assertThatThrownBy(() -> EndpointSettings.builder().keyMaxLength(256).build())
                .hasMessageContaining("key-max-length");
        assertThatThrownBy(() -> EndpointSettings.builder().keyMinLength(20).keyMaxLength(10).build())
                .hasMessageContaining("key-min-length");
        assertThatThrownBy(() -> EndpointSettings.builder().keyPattern("[a-z").build())
                .hasMessageContaining("key-pattern = [a-z is not valid; is not a regular expression");
        assertThatThrownBy(() -> EndpointSettings.builder().keyHeader(" ").build()).hasMessageContaining("key-header");
        assertThatThrownBy(() -> EndpointSettings.builder().ttl(Duration.ZERO).build()).hasMessageContaining("ttl");
        assertThatThrownBy(() -> EndpointSettings.builder().inFlightWait(Duration.ofSeconds(-1)).build())
                .hasMessageContaining("in-flight-wait");
        assertThatThrownBy(() -> EndpointSettings.builder().scope(List.of()).build())
                .hasMessageContaining("scope").hasMessageContaining("is empty");
        assertThatThrownBy(() -> EndpointSettings.builder().scope(ScopePart.none(), ScopePart.principal()).build())
                .hasMessageContaining("combines none");
        assertThatThrownBy(() -> EndpointSettings.builder().releaseOnStatus(List.of(700)).build())
                .hasMessageContaining("release-on-status");
        assertThatThrownBy(() -> new EndpointSettings.Statuses(400, 400, 413, 504, 503, 422, 99, 409))
                .hasMessageContaining("from 100 to 599");
    }

    @Test
    void anEmptyKeyPatternMeansAnyKey() {
        EndpointSettings strict = EndpointSettings.builder().keyPattern("[a-z]+").build();
        assertThat(strict.keyPattern()).contains("[a-z]+");
        assertThat(strict.toBuilder().keyPattern("").build().keyPattern()).isEmpty();
        assertThat(EndpointSettings.builder().keyPattern(null).build().keyPattern()).isEmpty();
    }

    @Test
    void aBlankDeadlineHeaderMeansNone() {
        assertThat(new EndpointSettings.Deadline(" ", DeadlineFormat.EPOCH_MS).header()).isEmpty();
        assertThat(new EndpointSettings.Deadline(" X-Deadline ", DeadlineFormat.EPOCH_MS).header()).contains("X-Deadline");
    }
}
