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

    private StoreRecords() {
    }

    /** The state of every record, by key. */
    static Map<String, String> statesByKey(String url, String user, String table) {
        Map<String, String> states = new TreeMap<>();
        try (Connection connection = DriverManager.getConnection(url, user, "");
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT idem_key, state FROM " + table)) {
            while (rows.next()) {
                states.put(rows.getString(1), rows.getString(2));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the agent's records from " + url, e);
        }
        return states;
    }

    /** The embedded store of a demo working directory; only while no other process holds it, or through its AUTO_SERVER. */
    static Map<String, String> statesByKey(Path workDir) {
        return statesByKey("jdbc:h2:file:" + workDir.resolve("idempotency-store/agent").toAbsolutePath()
                + ";AUTO_SERVER=TRUE;IFEXISTS=TRUE", "sa", DEFAULT_TABLE);
    }
}
