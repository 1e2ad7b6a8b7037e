package dev.idempotency.it.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import dev.idempotency.it.support.ServiceJvm;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The store files of the earlier release (written with H2 2.5.252, which needs Java 11) serve the
 * agent of this one (H2 2.2.224, the last H2 for Java 8) on the JVM under test: the key the earlier
 * agent answered is replayed, the application not called again, and a new key executes and is
 * stored. Each fixture is the store of a service that ran the earlier agent and answered one keyed
 * {@code POST /orders} with 201; H2 records its shaded type names in the file, so only the agent
 * itself can read it, and it is read here through a running service. The fixtures are made by
 * {@code it-tests/earlier-release/make-fixtures.sh} with a ttl of 100 years: a record past its
 * expiry counts as absent, and the first fixtures, made with the default day, expired a day later.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class EarlierReleaseStoreFilesTest {

    private static final String KEY = "written-by-the-earlier-release";
    private static final String BODY = "{\"item\":\"book\",\"quantity\":1}";

    @ParameterizedTest(name = "{0}")
    @CsvSource({"jdbc:h2:file:, .mv.db, written-by-h2-2.5.252.mv.db", "mvstore:, .mvstore, written-by-h2-2.5.252.mvstore"})
    void theEarlierReleasesAnswerIsReplayedAndNewKeysAreStored(String urlPrefix, String suffix, String fixture,
            @TempDir Path workDir) throws IOException {
        Path store = workDir.resolve("store/agent");
        copy(fixture, store.resolveSibling("agent" + suffix));
        replaysTheEarlierAnswerAndStoresNewKeys(workDir, "store:\n  url: " + urlPrefix + store + "\n");
    }

    /**
     * A config without a store section: the earlier release kept its records in the SQL store's
     * file under the working directory, this one in the file store at the same path, which imports
     * that file when it first opens and keeps the old one aside, never read again.
     */
    @Test
    void theEarlierDefaultStoresFileIsImportedByTheDefaultStore(@TempDir Path workDir) throws IOException {
        Path store = workDir.resolve("idempotency-store/agent");
        copy("written-by-h2-2.5.252.mv.db", store.resolveSibling("agent.mv.db"));

        replaysTheEarlierAnswerAndStoresNewKeys(workDir, "");

        assertThat(store.resolveSibling("agent.mvstore")).as("the default store's file").exists();
        assertThat(store.resolveSibling("agent.mv.db")).doesNotExist();
        assertThat(store.resolveSibling("agent.mv.db.imported")).as("the earlier file, kept").exists();
    }

    private void copy(String fixture, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        try (InputStream earlier = getClass().getResourceAsStream("/earlier-release/" + fixture)) {
            Files.copy(earlier, to);
        }
    }

    private static void replaysTheEarlierAnswerAndStoresNewKeys(Path workDir, String storeSection) throws IOException {
        Path config = Files.writeString(workDir.resolve("agent.yaml"), "service-name: estate\n"
                + storeSection
                + "logging:\n  sink: file\n  file: " + workDir.resolve("attempts.jsonl") + "\n"
                + "endpoints:\n  - name: create-order\n    method: POST\n    path: /orders\n");

        try (ForkedService service = DemoApp.builder(Artifacts.estateJetty94Jar()).workDir(workDir).agentConfig(config).start()) {
            Http http = Http.to(service.baseUri());
            Http.Response replayed = http.postJson("/orders", BODY, "Idempotency-Key", KEY);
            String newKey = UUID.randomUUID().toString();
            Http.Response created = http.postJson("/orders", BODY, "Idempotency-Key", newKey);
            Http.Response again = http.postJson("/orders", BODY, "Idempotency-Key", newKey);

            assertThat(replayed.status()).as("Java %s: %s", ServiceJvm.feature(), replayed).isEqualTo(201);
            assertThat(replayed.header("Idempotent-Replayed")).as(replayed.toString()).hasValue("true");
            assertThat(created.header("Idempotent-Replayed")).as(created.toString()).isEmpty();
            assertThat(again.header("Idempotent-Replayed")).as(again.toString()).hasValue("true");
            assertThat(http.get("/orders/count").body().trim()).as("the application executed the new key alone").isEqualTo("1");
        }
    }
}
