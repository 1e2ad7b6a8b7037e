package dev.idempotency.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoreProviders;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store commands in process, through {@link Cli#run}, on a real embedded H2 store that no
 * service holds: what an operator reads and what each mistake is told.
 */
class StoreCommandsTest {

    @TempDir
    Path dir;
    private Path config;
    private String url;

    /** One completed key and one stuck in progress, written as the agent writes them. */
    @BeforeEach
    void storeWithTwoRecords() throws IOException {
        url = "jdbc:h2:file:" + dir.resolve("store/agent").toAbsolutePath();
        config = Files.writeString(dir.resolve("agent.yaml"), "service-name: orders\nstore:\n  url: " + url + "\n");
        try (IdempotencyStore store = StoreProviders.forUrl(url).open(StoreSettings.forUrl(url))) {
            ClaimResult done = store.claim(claim("paid"));
            store.complete("", "paid", done.record().fencingToken(), new StoredResponse(201,
                    Map.of("Location", List.of("/orders/7")), "{\"id\":7}".getBytes(StandardCharsets.UTF_8), true),
                    Duration.ofHours(1));
            store.claim(claim("stuck"));
        }
    }

    private static ClaimRequest claim(String key) {
        return new ClaimRequest("", key, "create-order", "f1", "jvm-1", "req-" + key, Duration.ofSeconds(30),
                Duration.ofHours(1));
    }

    @Test
    void listShowsTheRecordsInTheStateAsked() {
        CliRun inProgress = CliRun.of("list", "--state", "in_progress", "--config", config.toString());
        CliRun completed = CliRun.of("list", "--state", "completed", "--config", config.toString());

        assertThat(inProgress.exit).as(inProgress.err).isZero();
        assertThat(inProgress.out).contains("stuck").doesNotContain("paid");
        assertThat(completed.exit).as(completed.err).isZero();
        assertThat(completed.out).contains("paid").doesNotContain("stuck");
    }

    @Test
    void listWithoutAStateIsAUsageErrorThatNamesThem() {
        CliRun list = CliRun.of("list", "--config", config.toString());

        assertThat(list.exit).isEqualTo(2);
        assertThat(list.err).contains("needs --state in_progress, unknown or completed");
    }

    @Test
    void inspectPrintsTheRecordAndTheTokenResolveTakes() {
        CliRun inspect = CliRun.of("inspect", "paid", "--config", config.toString());

        assertThat(inspect.exit).as(inspect.err).isZero();
        assertThat(inspect.out).contains("COMPLETED", "201", "fencing-token");
    }

    @Test
    void aKeyWithNoRecordFailsWithTheScopeItLookedIn() {
        CliRun inspect = CliRun.of("inspect", "never-sent", "--config", config.toString());

        assertThat(inspect.exit).isEqualTo(1);
        assertThat(inspect.err).contains("no record for key 'never-sent'");
    }

    @Test
    void aStoreThatDoesNotExistIsNeverCreatedByACommand() throws IOException {
        Path elsewhere = Files.writeString(dir.resolve("other.yaml"),
                "service-name: orders\nstore:\n  url: jdbc:h2:file:" + dir.resolve("nowhere/agent").toAbsolutePath() + "\n");

        CliRun list = CliRun.of("inspect", "paid", "--config", elsewhere.toString());

        assertThat(list.exit).isNotZero();
        assertThat(dir.resolve("nowhere")).doesNotExist();
    }

    @Test
    void anUnknownCommandIsAUsageError() {
        CliRun unknown = CliRun.of("lst", "--config", config.toString());

        assertThat(unknown.exit).isEqualTo(2);
        assertThat(unknown.err).contains("unknown command: lst");
    }
}
