package dev.idempotency.it.ops;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/** The agent's records read straight from its table: the tests' count of what the agent let execute. */
final class StoreRecords {

    static final String DEFAULT_TABLE = "idempotency_record";
    /**
     * What {@link #settledStatesByKey} reports for an IN_PROGRESS record whose lease lapsed: its
     * owner died before writing the outcome (mid-request, or between the answer and the write of
     * the completion), and the next retry will find it UNKNOWN.
     */
    static final String ABANDONED = "IN_PROGRESS, lease expired";

    private StoreRecords() {
    }

    /** The state of every record, by key. */
    static Map<String, String> statesByKey(String url, String user, String table) {
        return read(url, user, "SELECT idem_key, state FROM " + table);
    }

    private static Map<String, String> read(String url, String user, String query) {
        Map<String, String> states = new TreeMap<>();
        try (Connection connection = DriverManager.getConnection(url, user, "");
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(query)) {
            while (rows.next()) {
                states.put(rows.getString(1), rows.getString(2));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the agent's records from " + url, e);
        }
        return states;
    }

    /**
     * The states in the embedded store of a demo working directory, with {@link #ABANDONED} for
     * claims whose lease lapsed; only while no other process holds the store, or through its
     * AUTO_SERVER.
     */
    static Map<String, String> settledStatesByKey(Path workDir) {
        String url = "jdbc:h2:file:" + workDir.resolve("idempotency-store/agent").toAbsolutePath()
                + ";AUTO_SERVER=TRUE;IFEXISTS=TRUE";
        return read(url, "sa", "SELECT idem_key, CASE WHEN state = 'IN_PROGRESS' AND lease_until < CURRENT_TIMESTAMP "
                + "THEN '" + ABANDONED + "' ELSE state END FROM " + DEFAULT_TABLE);
    }
}
