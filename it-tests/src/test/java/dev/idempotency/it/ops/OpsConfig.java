package dev.idempotency.it.ops;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The agent config of these tests: the demo's two POSTs declared, short leases (2 s, renewed every
 * 500 ms) so crashes resolve quickly, the keeper's housekeeping every 2 s, and the store and
 * policies a test chooses.
 */
final class OpsConfig {

    static final Duration LEASE_TERM = Duration.ofSeconds(2);
    static final String LEASE = LEASE_TERM.toSeconds() + "s";
    /** The embedded store, reachable by the operator's tools while the demo runs. */
    static final String H2_STORE = "jdbc:h2:file:./idempotency-store/agent;AUTO_SERVER=TRUE";

    private String storeUrl = H2_STORE;
    private String storeUser;
    private String storeTable;
    private String connectTimeout = "1s";
    private String statementTimeout = "2s";
    private String ordersCrashPolicy = "unknown";
    private String ordersStoreError = "fail-closed";
    private String paymentsStoreError = "fail-closed";
    private String paymentsTtl;
    private String purgeInterval = "2s";

    OpsConfig store(String url, String user, String table) {
        this.storeUrl = url;
        this.storeUser = user;
        this.storeTable = table;
        return this;
    }

    OpsConfig timeouts(String connect, String statement) {
        this.connectTimeout = connect;
        this.statementTimeout = statement;
        return this;
    }

    OpsConfig ordersCrashPolicy(String policy) {
        this.ordersCrashPolicy = policy;
        return this;
    }

    OpsConfig paymentsStoreError(String policy) {
        this.paymentsStoreError = policy;
        return this;
    }

    /** A TTL of its own for {@code create-payment}, so its records expire while the demo runs. */
    OpsConfig paymentsTtl(String ttl) {
        this.paymentsTtl = ttl;
        return this;
    }

    OpsConfig purgeInterval(String interval) {
        this.purgeInterval = interval;
        return this;
    }

    /** Writes {@code agent.yaml} into {@code dir} and returns its path. */
    Path writeTo(Path dir) {
        StringBuilder yaml = new StringBuilder()
                .append("service-name: ops-test\n")
                .append("store:\n")
                .append("  url: \"").append(storeUrl).append("\"\n");
        if (storeUser != null) {
            yaml.append("  user: ").append(storeUser).append("\n");
        }
        if (storeTable != null) {
            yaml.append("  table: ").append(storeTable).append("\n");
        }
        yaml.append("  pool-size: 4\n")
                .append("  connect-timeout: ").append(connectTimeout).append("\n")
                .append("  statement-timeout: ").append(statementTimeout).append("\n")
                .append("keeper:\n")
                .append("  renew-interval: 500ms\n")
                .append("  purge-interval: ").append(purgeInterval).append("\n")
                .append("defaults:\n")
                .append("  lease: ").append(LEASE).append("\n")
                .append("  retry-after: 1s\n")
                .append("endpoints:\n")
                .append("  - name: create-order\n")
                .append("    method: POST\n")
                .append("    path: /orders\n")
                .append("    crash-policy: ").append(ordersCrashPolicy).append("\n")
                .append("    on-store-error: ").append(ordersStoreError).append("\n")
                .append("    fingerprint:\n")
                .append("      mode: json\n")
                .append("  - name: create-payment\n")
                .append("    method: POST\n")
                .append("    path: /orders/{id}/payments\n")
                .append("    on-store-error: ").append(paymentsStoreError).append("\n")
                .append("    fingerprint:\n")
                .append("      mode: json\n");
        if (paymentsTtl != null) {
            yaml.append("    ttl: ").append(paymentsTtl).append("\n");
        }
        Path file = dir.resolve("agent.yaml");
        try {
            Files.createDirectories(dir);
            Files.writeString(file, yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }
}
