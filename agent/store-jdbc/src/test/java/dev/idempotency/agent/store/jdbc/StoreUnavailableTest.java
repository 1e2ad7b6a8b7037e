package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.vocabulary.StoreSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.StoreUnavailableException;

/** A dead store fails fast with StoreUnavailableException, and a store that comes back is used again. */
class StoreUnavailableTest {

    private static final Duration BOUND = Duration.ofSeconds(10);

    @Test
    void postgresOnAClosedPortFailsWithinTheTimeouts() throws IOException {
        assertFailsFast("jdbc:postgresql://127.0.0.1:" + closedPort() + "/test");
    }

    @Test
    void mariadbOnAClosedPortFailsWithinTheTimeouts() throws IOException {
        assertFailsFast("jdbc:mariadb://127.0.0.1:" + closedPort() + "/test");
    }

    @Test
    void postgresStoreRecoversWhenTheDatabaseReturns() throws IOException {
        assertRecovers(TestDatabases.postgres(TestDatabases.uniqueTable()),
                port -> "jdbc:postgresql://127.0.0.1:" + port + "/test");
    }

    @Test
    void mariadbStoreRecoversWhenTheDatabaseReturns() throws IOException {
        assertRecovers(TestDatabases.mariadb(TestDatabases.uniqueTable()),
                port -> "jdbc:mariadb://127.0.0.1:" + port + "/test");
    }

    private static void assertFailsFast(String url) {
        long started = System.nanoTime();
        try (IdempotencyStore store = JdbcStores.open(StoreSettings.forUrl(url)
                .withConnectTimeout(Duration.ofSeconds(1)).withStatementTimeout(Duration.ofSeconds(1)))) {
            assertThatThrownBy(() -> store.claim(request("k"))).isInstanceOf(StoreUnavailableException.class)
                    .hasMessageContaining("claim failed");
        }
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(BOUND);
    }

    private static void assertRecovers(StoreSettings database, Function<Integer, String> urlForPort) throws IOException {
        int databasePort = URI.create(database.url().substring("jdbc:".length())).getPort();
        try (TcpForwarder forwarder = new TcpForwarder(databasePort)) {
            StoreSettings settings = database.withUrl(urlForPort.apply(forwarder.port()))
                    .withConnectTimeout(Duration.ofSeconds(1)).withStatementTimeout(Duration.ofSeconds(2));
            try (IdempotencyStore store = JdbcStores.open(settings)) {
                assertThat(store.claim(request("before")).claimed()).isTrue();

                forwarder.stop();
                long started = System.nanoTime();
                assertThatThrownBy(() -> store.claim(request("during"))).isInstanceOf(StoreUnavailableException.class);
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(BOUND);

                forwarder.start();
                await().atMost(BOUND).ignoreExceptionsInstanceOf(StoreUnavailableException.class)
                        .until(() -> store.claim(request("after")).claimed());
                assertThat(store.find("scope", "before")).isPresent();
            } finally {
                TestDatabases.dropTables(database);
            }
        }
    }

    private static ClaimRequest request(String key) {
        return new ClaimRequest("scope", key, "e", "fp", "o", "r", Duration.ofSeconds(30), Duration.ofHours(1));
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
