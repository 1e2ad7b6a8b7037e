package dev.idempotency.agent.store.jdbc.h2;

import dev.idempotency.agent.store.jdbc.DriverDataSource;
import dev.idempotency.agent.store.jdbc.RecordRows;
import dev.idempotency.agent.store.jdbc.TableSql;

import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * The live records of an embedded H2 file the SQL store wrote, read once through one direct
 * connection (no pool): what the file store imports when it replaces that file.
 */
public final class SqlFileRecords {

    /** H2's SQLState for a table that does not exist. */
    private static final String NO_SUCH_TABLE = "42S02";

    private SqlFileRecords() {
    }

    /**
     * Hands every unexpired record of {@code settings.table()} in the existing H2 file of
     * {@code settings.url()} to {@code each}, one at a time, and returns how many; 0 when the file
     * has no such table. Never creates a file.
     *
     * @throws IllegalStateException when the file cannot be read (locked by a running service, damaged)
     */
    public static long forEachLive(StoreSettings settings, Consumer<StoredRecord> each) {
        H2Dialect dialect = new H2Dialect();
        TableSql sql = new TableSql(settings.table(), dialect);
        Properties properties = dialect.connectionProperties(settings);
        properties.setProperty("user", settings.user() == null ? "" : settings.user());
        properties.setProperty("password", settings.password() == null ? "" : settings.password());
        properties.setProperty("IFEXISTS", "TRUE");
        DriverDataSource file = new DriverDataSource(dialect.driverClassName(), settings.url(), properties);
        long read = 0;
        try (Connection connection = file.getConnection();
                PreparedStatement select = connection.prepareStatement("SELECT " + sql.selectList + " FROM "
                        + sql.table + " WHERE expires_at > " + dialect.now())) {
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    each.accept(RecordRows.read(rows, dialect));
                    read++;
                }
            }
            return read;
        } catch (SQLException e) {
            if (NO_SUCH_TABLE.equals(e.getSQLState()) && read == 0) {
                return 0;
            }
            throw new IllegalStateException("cannot read the records of " + settings.describe() + ": " + e, e);
        }
    }
}
