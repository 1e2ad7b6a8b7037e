package dev.idempotency.agent.cli;

import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * How the tools print records: everything an operator needs to decide, nothing that may be
 * secret (no response body, no request content; the fingerprint is a hash).
 */
final class RecordText {

    /** The store's empty scope, as the config's {@code scope: none} writes it. */
    static final String NO_SCOPE = "(none)";

    private RecordText() {
    }

    /** One {@code name: value} line per field, in the order an operator reads them. */
    static void printRecord(StoredRecord record, PrintStream out) {
        line(out, "key", record.key());
        line(out, "scope", scope(record.scope()));
        line(out, "endpoint", record.endpoint());
        line(out, "state", record.state().name());
        line(out, "attempts", Integer.toString(record.attempts()));
        line(out, "owner", record.owner());
        line(out, "fencing-token", Long.toString(record.fencingToken()));
        line(out, "first-request-id", orDash(record.firstRequestId()));
        line(out, "created", instant(record.createdAt()));
        line(out, "lease-until", instant(record.leaseUntil()) + (record.leaseExpired() ? " (expired)" : " (live)"));
        line(out, "completed", instant(record.completedAt()));
        line(out, "expires", instant(record.expiresAt()));
        line(out, "fingerprint", record.fingerprint());
        StoredResponse response = record.response();
        if (response == null) {
            line(out, "response", "-");
            return;
        }
        line(out, "response-status", Integer.toString(response.status()));
        line(out, "body-retained", response.bodyRetained() ? "yes, " + response.body().length + " bytes" : "no");
        for (Map.Entry<String, List<String>> header : response.headers().entrySet()) {
            for (String value : header.getValue()) {
                line(out, "response-header", header.getKey() + ": " + value);
            }
        }
    }

    static String listHeading() {
        return String.format("%-11s %-24s %8s %-8s %-20s %-16s %s", "STATE", "CREATED", "ATTEMPTS", "LEASE", "ENDPOINT",
                "SCOPE", "KEY");
    }

    /** One line per record; the key last, as it may be long. */
    static String listLine(StoredRecord record) {
        return String.format("%-11s %-24s %8d %-8s %-20s %-16s %s", record.state().name(), instant(record.createdAt()),
                record.attempts(), record.leaseExpired() ? "expired" : "live", record.endpoint(),
                scope(record.scope()), record.key());
    }

    static String scope(String scope) {
        return scope == null || scope.isEmpty() ? NO_SCOPE : scope;
    }

    static String instant(Instant instant) {
        return instant == null ? "-" : instant.truncatedTo(ChronoUnit.MILLIS).toString();
    }

    private static void line(PrintStream out, String name, String value) {
        out.println(String.format("%-17s %s", name + ":", value));
    }

    private static String orDash(String value) {
        return value == null || value.isEmpty() ? "-" : value;
    }
}
