package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoreProvider;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The JDBC stores: H2 (the embedded default), PostgreSQL and MariaDB, by their {@code jdbc:} URLs. */
public final class JdbcStoreProvider implements StoreProvider {

    @Override
    public boolean handles(String url) {
        return url.startsWith("jdbc:");
    }

    @Override
    public List<String> urlForms() {
        return Arrays.asList("jdbc:postgresql://host:5432/db", "jdbc:mariadb://host:3306/db",
                "jdbc:h2:file:./idempotency-store/agent");
    }

    @Override
    public String checkUrl(String url) {
        return JdbcStores.checkUrl(url);
    }

    @Override
    public IdempotencyStore open(StoreSettings settings) {
        return JdbcStores.open(settings);
    }

    /** H2 in this JVM (a file, or memory); not an H2 server, nor PostgreSQL or MariaDB. */
    @Override
    public boolean inThisProcess(String url) {
        return JdbcStores.dialectFor(url).inThisProcess(url);
    }

    /** An H2 file is opened with {@code IFEXISTS}; a server's table is never created by a command either. */
    @Override
    public IdempotencyStore openExisting(StoreSettings settings) {
        String url = settings.url();
        if (url.startsWith("jdbc:h2:file:") && !url.toUpperCase(Locale.ROOT).contains(";IFEXISTS=")) {
            return JdbcStores.open(settings.withUrl(url + ";IFEXISTS=TRUE"));
        }
        return JdbcStores.open(settings);
    }

    /** What to do about the two H2 failures an operator meets most. */
    @Override
    public String operatorHint(Throwable failure) {
        Throwable root = failure;
        while (root != null && root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String lower = root == null ? "" : root.toString().toLowerCase(Locale.ROOT);
        if (lower.contains("90020") || lower.contains("already in use") || lower.contains("file is locked")) {
            return "\nThe embedded H2 store is open in the running service, and an H2 file admits one process. "
                    + "Stop the service, run this command, start it again; or, to work on a live service, give it "
                    + "a shared store (PostgreSQL, MariaDB). H2's ;AUTO_SERVER=TRUE in store.url also lets the tools "
                    + "in, but then the service opens a TCP port for the file on every network interface "
                    + "(docs/operations.md).";
        }
        if (lower.contains("90146") || lower.contains("not found")) {
            return "\nNo H2 store file at that path. Relative paths are resolved from the current directory: run "
                    + "the command in the service's working directory, or use an absolute path in store.url.";
        }
        return "";
    }
}
