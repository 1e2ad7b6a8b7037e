package dev.idempotency.agent.store.jdbc.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.jdbc.NewKeyOutcome;
import dev.idempotency.agent.store.jdbc.TableSql;
import dev.idempotency.agent.store.jdbc.TestDatabases;
import dev.idempotency.agent.store.jdbc.grouped.NewClaim;
import dev.idempotency.agent.vocabulary.StoreSettings;

/**
 * The plan PostgreSQL keeps for the grouped claim, on a real server. A store's table starts empty,
 * and the server plans a prepared statement again only when the table is analyzed (by autovacuum,
 * if it runs): the plan made over the first rows must still read a large table by its key.
 */
class GroupedClaimPlanTest {

    /** Enough executions on one connection for the driver to prepare the statement and the server to settle on a plan. */
    private static final int EXECUTIONS_WHILE_SMALL = 12;
    private static final int ROWS_ADDED = 20_000;

    private final PostgresDialect dialect = new PostgresDialect();
    private StoreSettings settings;
    private TableSql sql;

    @BeforeEach
    void createTable() {
        settings = TestDatabases.postgres(TestDatabases.uniqueTable());
        sql = new TableSql(settings.table(), dialect);
        TestDatabases.execute(settings, dialect.createTable(settings.table()).toArray(new String[0]));
    }

    @AfterEach
    void dropTable() {
        TestDatabases.dropTables(settings);
    }

    @Test
    void aGroupedClaimPlannedWhileTheTableWasSmallReadsTheGrownTableByKey() throws SQLException {
        try (Connection connection = TestDatabases.connect(settings)) {
            PostgresClaimRows rows = new PostgresClaimRows(() -> connection, dialect, sql);
            for (int i = 0; i < EXECUTIONS_WHILE_SMALL; i++) {
                rows.runDistinct(connection, claims("small-" + i + "-a", "small-" + i + "-b"));
            }
            TestDatabases.execute(settings, "INSERT INTO " + settings.table() + " (" + TableSql.CLAIM_COLUMNS + ") "
                    + "SELECT 'scope', 'grown-' || n, 'e', 'fp', 'COMPLETED', 'o', n, now(), 1, 'r', now(), "
                    + "now() + INTERVAL '1 hour' FROM generate_series(1, " + ROWS_ADDED + ") AS n");

            List<NewKeyOutcome> outcomes = rows.runDistinct(connection, claims("grown-7", "new-1", "new-2"));

            assertThat(outcomes).as("a row for each key: the one found, the two inserted").doesNotContainNull();
            assertThat(count(connection, "state = 'IN_PROGRESS' AND idem_key LIKE 'new-%'")).isEqualTo(2);
            assertThat(count(connection, "idem_key = 'grown-7' AND state = 'COMPLETED'"))
                    .as("the key that had a row is left as it was").isEqualTo(1);
            String plan = nextPlan(connection);
            assertThat(plan).as("the plan the server keeps for the grouped claim")
                    .contains("Index Scan using " + settings.table() + "_pkey on " + settings.table())
                    .doesNotContain("Seq Scan on " + settings.table());
        }
    }

    /** New-key claims of these keys, in key order as a group goes. */
    private static List<NewClaim> claims(String... keys) {
        List<NewClaim> claims = new ArrayList<>();
        long token = 1;
        for (String key : keys) {
            claims.add(new NewClaim(new ClaimRequest("scope", key, "e", "fp", "owner", "req-" + key,
                    Duration.ofSeconds(30), Duration.ofHours(1)), token++));
        }
        return claims;
    }

    private long count(Connection connection, String where) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet count = statement.executeQuery("SELECT count(*) FROM " + settings.table() + " WHERE " + where)) {
            count.next();
            return count.getLong(1);
        }
    }

    /**
     * What the server would run for the next grouped claim on this connection: the driver's
     * prepared statement ({@code pg_prepared_statements}) explained as the plan cache gives it.
     */
    private static String nextPlan(Connection connection) throws SQLException {
        String name;
        try (Statement statement = connection.createStatement();
                ResultSet prepared = statement.executeQuery("SELECT name FROM pg_prepared_statements "
                        + "WHERE statement LIKE 'WITH c AS (SELECT * FROM unnest(%'")) {
            assertThat(prepared.next()).as("the driver prepared the grouped claim on the server").isTrue();
            name = prepared.getString(1);
        }
        StringBuilder plan = new StringBuilder();
        try (Statement statement = connection.createStatement();
                ResultSet lines = statement.executeQuery("EXPLAIN EXECUTE \"" + name + "\""
                        + "('{scope}', '{some-key}', '{e}', '{fp}', '{owner}', '{1}', '{30000}', '{r}', '{3600000}')")) {
            while (lines.next()) {
                plan.append(lines.getString(1)).append('\n');
            }
        }
        return plan.toString();
    }
}
