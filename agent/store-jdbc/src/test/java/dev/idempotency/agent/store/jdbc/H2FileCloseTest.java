package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.h2.H2Dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed store leaves no connection to its H2 file open in the JVM, even one its pool was still
 * opening when it closed: H2 keeps a file's database open while any connection to it is, so the
 * next store at that path (an import, a restart in the same JVM) would reach the old file, renamed
 * or not, instead of the one on disk.
 */
class H2FileCloseTest {

    @TempDir
    Path directory;

    @RepeatedTest(10)
    void aStoreClosedWhileItsPoolFillsLeavesItsFileClosed() throws Exception {
        Path base = directory.resolve("store");
        StoreSettings settings = StoreSettings.forUrl("jdbc:h2:file:" + base).withPoolSize(8);
        // Closed at once: the pool is still opening its connections in the background.
        JdbcStores.open(settings).close();

        Files.move(directory.resolve("store.mv.db"), directory.resolve("moved.mv.db"));
        Properties onlyIfItExists = new H2Dialect().connectionProperties(settings);
        onlyIfItExists.setProperty("user", settings.user() == null ? "" : settings.user());
        onlyIfItExists.setProperty("password", settings.password() == null ? "" : settings.password());
        onlyIfItExists.setProperty("IFEXISTS", "TRUE");
        DriverDataSource file = new DriverDataSource(new H2Dialect().driverClassName(), "jdbc:h2:file:" + base,
                onlyIfItExists);
        assertThatThrownBy(() -> {
            try (Connection stillOpen = file.getConnection()) {
                assertThat(stillOpen).as("a database still open in this JVM under the moved file's name").isNull();
            }
        }).isInstanceOf(SQLException.class).hasMessageContaining("not found");
    }
}
