package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.mariadb.MariaDbDialect;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MariaDB table's layout as the server's catalog shows it: new tables have their rows in
 * insertion order (version 2), a version 1 table is served as it is and says how to migrate, and
 * the migration keeps the records.
 */
class MariaDbTableLayoutTest {

    private static final Duration TTL = Duration.ofHours(1);

    private StoreSettings settings;
    private final List<StoreSettings> made = new ArrayList<>();

    @BeforeEach
    void freshTable() {
        settings = table(TestDatabases.uniqueTable());
    }

    @AfterEach
    void dropTables() {
        made.forEach(TestDatabases::dropTables);
    }

    /** A version 1 table and its record, as agents before version 2 created them. */
    static void createVersion1(StoreSettings settings) {
        MariaDbDialect dialect = new MariaDbDialect();
        List<String> statements = new ArrayList<>(dialect.createTable(settings.table(), 1));
        statements.add(dialect.createMetaTable(settings.table() + "_meta"));
        statements.add("INSERT INTO " + settings.table() + "_meta (id, schema_version) VALUES (1, 1)");
        TestDatabases.execute(settings, statements.toArray(new String[0]));
    }

    @Test
    void aNewTableHasItsRowsInInsertionOrder() throws SQLException {
        try (JdbcIdempotencyStore store = open(settings)) {
            claimAndComplete(store, "k", "done");
            StoredRecord again = store.claim(request("k", "o2")).record();

            assertThat(again.state()).isEqualTo(RecordState.COMPLETED);
            assertThat(again.attempts()).as("the claim's ON DUPLICATE KEY met the unique key").isEqualTo(2);
            assertThat(store.schemaNotice()).isNull();
        }
        assertThat(indexes(settings)).isEqualTo(Map.of("PRIMARY", "id", settings.table() + "_key", "scope,idem_key",
                settings.table() + "_expires_at", "expires_at"));
        assertThat(query(settings, "SELECT DISTINCT NON_UNIQUE FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE()"
                + " AND TABLE_NAME = '" + settings.table() + "' AND INDEX_NAME = '" + settings.table() + "_key'"))
                .containsExactly("0");
        assertThat(query(settings, "SELECT CONCAT(DATA_TYPE, ' ', EXTRA) FROM information_schema.COLUMNS WHERE "
                + "TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '" + settings.table() + "' AND COLUMN_NAME = 'id'"))
                .containsExactly("bigint auto_increment");
        assertThat(recordedVersion(settings)).isEqualTo("2");
        assertThat(query(settings, "SELECT COUNT(*) FROM " + settings.table())).containsExactly("1");
    }

    @Test
    void aVersion1TableIsServedAsItIsAndSaysHowToMigrate() throws SQLException {
        createVersion1(settings);
        try (JdbcIdempotencyStore store = open(settings)) {
            assertThat(store.schemaNotice()).contains("'" + settings.table() + "'").contains("schema version 1")
                    .contains(String.join("; ", MariaDbDialect.migrationToVersion2(settings.table(),
                            settings.table() + "_meta")));
            claimAndComplete(store, "k", "done");
            assertThat(store.claim(request("k", "o2")).record().response().body())
                    .isEqualTo("done".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(indexes(settings)).containsEntry("PRIMARY", "scope,idem_key").hasSize(2);
        assertThat(recordedVersion(settings)).isEqualTo("1");
    }

    @Test
    void theMigrationKeepsTheRecordsAndGivesTheLayoutOfANewTable() throws SQLException {
        createVersion1(settings);
        long inProgressToken;
        try (JdbcIdempotencyStore store = open(settings)) {
            for (int i = 0; i < 50; i++) {
                claimAndComplete(store, "done-" + i, "body-" + i);
            }
            inProgressToken = store.claim(request("running", "o1")).record().fencingToken();
        }

        TestDatabases.execute(settings, MariaDbDialect.migrationToVersion2(settings.table(), settings.table() + "_meta")
                .toArray(new String[0]));

        StoreSettings fresh = table(TestDatabases.uniqueTable());
        try (JdbcIdempotencyStore store = open(settings);
                JdbcIdempotencyStore freshStore = open(fresh)) {
            assertThat(store.schemaNotice()).isNull();
            for (int i = 0; i < 50; i++) {
                StoredRecord replay = store.claim(request("done-" + i, "o2")).record();
                assertThat(replay.state()).isEqualTo(RecordState.COMPLETED);
                assertThat(replay.response().body()).isEqualTo(("body-" + i).getBytes(StandardCharsets.UTF_8));
            }
            assertThat(store.complete("", "running", inProgressToken, response("late"), TTL)).isTrue();
            claimAndComplete(store, "after", "new");
            assertThat(store.find("", "after")).get().extracting(StoredRecord::state).isEqualTo(RecordState.COMPLETED);
        }
        assertThat(withoutTableName(indexes(settings), settings)).isEqualTo(withoutTableName(indexes(fresh), fresh));
        assertThat(columns(settings)).isEqualTo(columns(fresh));
        assertThat(recordedVersion(settings)).isEqualTo("2");
        assertThat(query(settings, "SELECT COUNT(*) FROM " + settings.table())).containsExactly("52");
    }

    @Test
    void aLayoutItsRecordDoesNotMatchIsServedAndSaidWithTheFix() throws SQLException {
        try (JdbcIdempotencyStore store = open(settings)) {
            claimAndComplete(store, "k", "done");
        }
        // The migration's ALTER run, its UPDATE of the record not.
        TestDatabases.execute(settings, "UPDATE " + settings.table() + "_meta SET schema_version = 1");

        try (JdbcIdempotencyStore store = open(settings)) {
            assertThat(store.schemaNotice()).contains("'" + settings.table() + "'")
                    .contains("layout of schema version 2").contains("records version 1")
                    .contains("UPDATE " + settings.table() + "_meta SET schema_version = 2 WHERE id = 1");
            assertThat(store.claim(request("k", "o2")).record().state()).isEqualTo(RecordState.COMPLETED);
        }
    }

    private static JdbcIdempotencyStore open(StoreSettings settings) {
        return JdbcStores.open(settings, new MariaDbDialect());
    }

    @Test
    void aVersion1TableWithoutItsRecordIsRecordedAsWhatItIs() throws SQLException {
        TestDatabases.execute(settings, new MariaDbDialect().createTable(settings.table(), 1).toArray(new String[0]));

        try (JdbcIdempotencyStore store = open(settings)) {
            assertThat(store.schemaNotice()).contains("schema version 1");
            claimAndComplete(store, "k", "done");
        }
        assertThat(recordedVersion(settings)).isEqualTo("1");
        assertThat(indexes(settings)).containsEntry("PRIMARY", "scope,idem_key");
    }

    private StoreSettings table(String name) {
        StoreSettings table = TestDatabases.mariadb(name);
        made.add(table);
        return table;
    }

    private static void claimAndComplete(JdbcIdempotencyStore store, String key, String body) {
        long token = store.claim(request(key, "o1")).record().fencingToken();
        assertThat(store.complete("", key, token, response(body), TTL)).isTrue();
    }

    private static ClaimRequest request(String key, String owner) {
        return new ClaimRequest("", key, "POST /orders", "fp", owner, "r-" + key, Duration.ofSeconds(30), TTL);
    }

    private static StoredResponse response(String body) {
        return new StoredResponse(200, Map.of(), body.getBytes(StandardCharsets.UTF_8), true);
    }

    /** Index name to its columns, in order. */
    private static Map<String, String> indexes(StoreSettings settings) throws SQLException {
        Map<String, String> indexes = new java.util.HashMap<>();
        for (String row : query(settings, "SELECT CONCAT(INDEX_NAME, '=', GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX))"
                + " FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '"
                + settings.table() + "' GROUP BY INDEX_NAME")) {
            indexes.put(row.substring(0, row.indexOf('=')), row.substring(row.indexOf('=') + 1));
        }
        return indexes;
    }

    private static Map<String, String> withoutTableName(Map<String, String> indexes, StoreSettings settings) {
        Map<String, String> renamed = new java.util.HashMap<>();
        indexes.forEach((name, columns) -> renamed.put(name.replace(settings.table(), "<table>"), columns));
        return renamed;
    }

    /** Each column with its type, nullability and extra, in table order. */
    private static List<String> columns(StoreSettings settings) throws SQLException {
        return query(settings, "SELECT CONCAT_WS(' ', COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, EXTRA) FROM "
                + "information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '" + settings.table()
                + "' ORDER BY ORDINAL_POSITION");
    }

    private static String recordedVersion(StoreSettings settings) throws SQLException {
        return query(settings, "SELECT schema_version FROM " + settings.table() + "_meta WHERE id = 1").get(0);
    }

    private static List<String> query(StoreSettings settings, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection connection = TestDatabases.connect(settings);
                PreparedStatement statement = connection.prepareStatement(sql);
                ResultSet row = statement.executeQuery()) {
            while (row.next()) {
                rows.add(row.getString(1));
            }
        }
        return rows;
    }
}
