package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.h2.GroupCommit;
import dev.idempotency.agent.store.jdbc.h2.GroupCommitWriter;
import dev.idempotency.agent.store.jdbc.h2.H2Dialect;
import dev.idempotency.agent.store.jdbc.h2.H2Files;
import dev.idempotency.agent.store.jdbc.h2.MvStoreCompaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.testing.StoreDirectories;
import dev.idempotency.agent.store.testing.StoreFiles;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;

import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.db.LobStorageMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

class H2StoreTest extends JdbcStoreContractTest {

    /** Deleted by {@link #cleanUp}, which waits out a file H2 may still be finishing after the close. */
    @TempDir(cleanup = CleanupMode.NEVER)
    Path directory;

    @Override
    StoreSettings settings(String table) {
        return StoreSettings.forUrl("jdbc:h2:file:" + directory.resolve("store").toAbsolutePath())
                .withTable(table)
                .withPoolSize(16);
    }

    /**
     * The purge reaches the one writer in slices, each its own write, so a claim queued during a
     * purge waits behind one slice: a batch of 60 is three writes, and the batch still deletes 60.
     */
    @Test
    void purgeReachesTheWriterInSlicesAClaimCanQueueBetween() {
        try (JdbcIdempotencyStore h2 = open(settings(TestDatabases.uniqueTable()))) {
            assumeTrue(h2.writeStrategy() instanceof GroupCommit, "only the group-commit writer purges in slices");
            int slices = 3;
            int expired = GroupCommit.PURGE_SLICE * slices - 1;
            for (int i = 0; i < expired; i++) {
                h2.claim(new ClaimRequest("s", "old-" + i, "e", "fp", "o", "r", Duration.ofSeconds(30),
                        Duration.ofMillis(1)));
            }
            h2.claim(new ClaimRequest("s", "live", "e", "fp", "o", "r", Duration.ofSeconds(30), Duration.ofHours(1)));
            await().pollDelay(Duration.ofMillis(50)).until(() -> true);
            GroupCommitWriter writer = ((GroupCommit) h2.writeStrategy()).writer;
            long writesBefore = writer.writesCommitted();

            assertThat(h2.purgeExpired(expired + 10)).isEqualTo(expired);

            assertThat(writer.writesCommitted() - writesBefore).as("one write per slice").isEqualTo(slices);
            assertThat(h2.countExpired()).isZero();
            assertThat(h2.find("s", "live")).isPresent();
        }
    }

    /**
     * Bodies up to 4 KB stay in their row: H2's LOB map gets nothing from them (a larger body is
     * still a LOB there), and every body reads back whole.
     */
    @Test
    void smallBodiesStayInTheirRowLargerOnesAreLobs() throws SQLException {
        try (JdbcIdempotencyStore h2 = open(settings(TestDatabases.uniqueTable()))) {
            byte[] small = body(H2Files.IN_ROW_LOB_BYTES);
            byte[] large = body(H2Files.IN_ROW_LOB_BYTES + 1);
            completeWith(h2, "small", small);
            assertThat(lobs(h2)).as("LOBs after a body of " + small.length + " bytes").isZero();
            completeWith(h2, "large", large);
            assertThat(lobs(h2)).as("LOBs after a body of " + large.length + " bytes").isEqualTo(1);

            assertThat(h2.find("s", "small").orElseThrow().response().body()).isEqualTo(small);
            assertThat(h2.find("s", "large").orElseThrow().response().body()).isEqualTo(large);
        }
    }

    /**
     * A file written before bodies stayed in their row (H2 then kept only 256 bytes there): its
     * bodies, LOBs, still read back whole, and the purge deletes their records.
     */
    @Test
    void bodiesStoredAsLobsBeforeStillReadAndPurge() throws SQLException {
        StoreSettings settings = settings(TestDatabases.uniqueTable());
        byte[] body = body(2_000);
        try (JdbcIdempotencyStore h2 = open(settings)) {
            h2.prepareSchema();
        }
        try (Connection older = TestDatabases.connect(settings);
                Statement setting = older.createStatement();
                PreparedStatement insert = older.prepareStatement("INSERT INTO " + settings.table() + " (scope, idem_key, "
                        + "endpoint, fingerprint, state, owner, fencing_token, lease_until, attempts, response_status, "
                        + "response_headers, response_body, body_retained, created_at, completed_at, expires_at) VALUES "
                        + "('s', ?, 'e', 'fp', 'COMPLETED', 'o', 1, CURRENT_TIMESTAMP, 1, 201, '{}', ?, TRUE, "
                        + "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, DATEADD(MILLISECOND, ?, CURRENT_TIMESTAMP))")) {
            setting.execute("SET MAX_LENGTH_INPLACE_LOB 256");
            insert.setString(1, "kept");
            insert.setBytes(2, body);
            insert.setLong(3, Duration.ofHours(1).toMillis());
            insert.executeUpdate();
            insert.setString(1, "expired");
            insert.setLong(3, -1);
            insert.executeUpdate();
        }
        try (JdbcIdempotencyStore h2 = open(settings)) {
            assertThat(lobs(h2)).as("the older file's LOBs").isEqualTo(2);
            assertThat(h2.find("s", "kept").orElseThrow().response().body()).isEqualTo(body);

            assertThat(h2.purgeExpired(10)).isEqualTo(1);

            assertThat(h2.find("s", "expired")).isEmpty();
            assertThat(h2.find("s", "kept").orElseThrow().response().body()).isEqualTo(body);
        }
    }

    /**
     * The writer compacts the file while the store is open (H2's own compaction stops with
     * {@code WRITE_DELAY=0}): records written one commit each leave each chunk of the file with a
     * few live pages, 3.6 KB of file per record here without the compaction, 350 B with it. H2's
     * retention of freed chunks (45 s) is set to none for the test. No write follows the records:
     * the steps themselves must cut off the file's end once they have freed the chunks there (in
     * one run of 80 to 200, a step freed them and found nothing to move, and the end stayed).
     */
    @Test
    void theWriterCompactsTheFileWhileTheStoreIsOpen() {
        StoreSettings base = settings(TestDatabases.uniqueTable());
        StoreSettings settings = base.withUrl(base.url() + ";RETENTION_TIME=0");
        Path file = H2Dialect.databaseFile(settings.url());
        int records = 400;
        try (JdbcIdempotencyStore h2 = open(settings)) {
            assumeTrue(h2.writeStrategy() instanceof GroupCommit, "only the group-commit writer compacts");
            for (int i = 0; i < records; i++) {
                completeWith(h2, "churn-" + i, body(100));
            }

            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(StoreFiles.size(file) / records).as("bytes of file per record").isLessThan(1_500));
            assertThat(h2.find("s", "churn-0")).isPresent();
        }
    }

    /**
     * Closing the store compacts the whole file ({@link MvStoreCompaction#atClose}): at H2's own 45 s
     * retention nothing written in the last 45 s can be reused while the store is open, so these
     * records, one commit each, leave the file tens of KB a record until the close, and a few
     * hundred bytes after it.
     */
    @Test
    void closingTheStoreCompactsTheFile() {
        StoreSettings settings = settings(TestDatabases.uniqueTable());
        Path file = H2Dialect.databaseFile(settings.url());
        int records = 400;
        long open;
        try (JdbcIdempotencyStore h2 = open(settings)) {
            assumeTrue(h2.writeStrategy() instanceof GroupCommit, "only the group-commit writer compacts");
            for (int i = 0; i < records; i++) {
                completeWith(h2, "closed-" + i, body(100));
            }
            open = StoreFiles.size(file);
        }
        long closed = StoreFiles.size(file);
        assertThat(closed).as("bytes of file after the close, against %d before it", open).isLessThan(open / 4);
        assertThat(closed / records).as("bytes of file per record after the close").isLessThan(1_500);
        try (JdbcIdempotencyStore h2 = open(settings)) {
            assertThat(h2.find("s", "closed-0")).isPresent();
            assertThat(h2.find("s", "closed-" + (records - 1))).isPresent();
        }
    }

    /**
     * A file holding more dead space than live data (and over 16 MB of it) has its live data copied
     * into a new file at the close ({@link MvStoreCompaction#copiesAtClose}, by H2's own
     * {@code SHUTDOWN COMPACT}), which takes the old file's place and leaves nothing beside it.
     */
    @Test
    void closingAStoreWhoseFileIsMostlyDeadSpaceCopiesItsLiveRecordsIntoANewFile() {
        StoreSettings settings = settings(TestDatabases.uniqueTable());
        Path file = H2Dialect.databaseFile(settings.url());
        int records = 2_000;
        long open;
        Object before;
        try (JdbcIdempotencyStore h2 = open(settings)) {
            assumeTrue(h2.writeStrategy() instanceof GroupCommit, "only the group-commit writer compacts");
            for (int i = 0; i < records; i++) {
                completeWith(h2, "copied-" + i, body(100));
            }
            open = StoreFiles.size(file);
            before = StoreFiles.identity(file);
        }
        assertThat(open).as("the file before the close").isGreaterThan(2 * MvStoreCompaction.COPY_AT_CLOSE_DEAD_BYTES);
        StoreFiles.assertReplacedByACopy(file, before, open, records, 600);
        try (JdbcIdempotencyStore h2 = open(settings)) {
            for (int i = 0; i < records; i += 97) {
                assertThat(h2.find("s", "copied-" + i)).as("record %d", i).isPresent();
            }
            assertThat(h2.find("s", "copied-" + (records - 1))).isPresent();
        }
    }

    /**
     * H2's own count of the file's live bytes ({@link H2Files#liveBytes}, what the volume
     * benchmark compares the file with): at least the bodies stored and at most the file, and
     * once those records are purged and the writer has compacted, a small part of what it was.
     */
    @Test
    void liveBytesCountTheRecordsTheFileHolds() throws SQLException {
        StoreSettings base = settings(TestDatabases.uniqueTable());
        StoreSettings settings = base.withUrl(base.url() + ";RETENTION_TIME=0");
        Path file = H2Dialect.databaseFile(settings.url());
        int records = 200;
        int bodyBytes = 2_000;
        try (JdbcIdempotencyStore h2 = open(settings)) {
            assumeTrue(h2.writeStrategy() instanceof GroupCommit, "only the group-commit writer compacts");
            for (int i = 0; i < records; i++) {
                completeWith(h2, "live-" + i, body(bodyBytes + i), Duration.ofSeconds(2));
            }
            long live = liveBytes(h2);
            assertThat(live).as("live bytes").isGreaterThanOrEqualTo((long) records * bodyBytes)
                    .isLessThanOrEqualTo(StoreFiles.size(file));

            await().atMost(Duration.ofSeconds(30)).until(() -> h2.countExpired() == records);
            assertThat(h2.purgeExpired(records)).isEqualTo(records);
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(liveBytes(h2)).as("live bytes after the purge").isLessThan(live / 4));
        }
    }

    private static long liveBytes(JdbcIdempotencyStore h2) throws SQLException {
        try (Connection connection = h2.dataSource().getConnection()) {
            return H2Files.liveBytes(H2Files.mvStore(connection));
        }
    }

    private static void completeWith(JdbcIdempotencyStore h2, String key, byte[] body) {
        completeWith(h2, key, body, Duration.ofHours(1));
    }

    private static void completeWith(JdbcIdempotencyStore h2, String key, byte[] body, Duration ttl) {
        long token = h2.claim(new ClaimRequest("s", key, "e", "fp", "o", "r", Duration.ofSeconds(30), ttl))
                .record().fencingToken();
        assertThat(h2.complete("s", key, token, new StoredResponse(200, Map.of(), body, true), ttl)).isTrue();
    }

    private static byte[] body(int length) {
        byte[] body = new byte[length];
        new SplittableRandom(length).nextBytes(body);
        return body;
    }

    /** Entries in H2's LOB map: one per value stored as a LOB. */
    private static long lobs(JdbcIdempotencyStore h2) throws SQLException {
        try (Connection connection = h2.dataSource().getConnection()) {
            SessionLocal session = (SessionLocal) connection.unwrap(JdbcConnection.class).getSession();
            return LobStorageMap.openLobMap(session.getDatabase().getStore().getTransactionStore()).sizeAsLong();
        }
    }


    @Override
    void cleanUp(StoreSettings settings) {
        StoreDirectories.deleteWhenQuiet(directory);
    }
}
