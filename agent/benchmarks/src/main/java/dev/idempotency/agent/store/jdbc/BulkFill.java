package dev.idempotency.agent.store.jdbc;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Fills a record table with rows shaped like real ones, by batched INSERTs on connections of its
 * own (not through the store): a UUID key, a 64-character fingerprint, a JSON-like body of a size
 * drawn between the options' bounds, and an expiry drawn over the TTL (as if the records had come
 * in evenly over the last TTL). A share of the rows is IN_PROGRESS (no response yet). Row
 * {@code i} is the same in every run: a replay measurement finds its key again by its number.
 */
final class BulkFill {

    private static final int BATCH = 500;
    private static final String HEADERS = "{\"Content-Type\":[\"application/json\"],\"Location\":[\"/orders/42\"]}";
    private static final byte[] TEXT = text(1 << 16);

    private final TableSql sql;
    private final VolumeOptions options;
    private final String insert;
    private final long inProgressEvery;

    BulkFill(TableSql sql, VolumeOptions options) {
        this.sql = sql;
        this.options = options;
        String nowPlus = sql.dialect.nowPlusMillis();
        this.insert = "INSERT INTO " + sql.table + " (" + TableSql.COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, " + nowPlus
                + ", ?, ?, ?, ?, ?, ?, " + nowPlus + ", CASE WHEN ? = 1 THEN " + nowPlus + " END, " + nowPlus + ")";
        this.inProgressEvery = options.inProgress <= 0 ? Long.MAX_VALUE : Math.round(1 / options.inProgress);
    }

    /** The key of row {@code i} of the live rows ({@code expired} false) or of the expired ones. */
    static String key(long i, boolean expired) {
        return new UUID(mix(i) ^ (expired ? 0x5DEECE66DL : 0), mix(i + 0x9E3779B97F4A7C15L)).toString();
    }

    boolean completed(long i) {
        return i % inProgressEvery != 0;
    }

    /** Inserts rows {@code from} to {@code to} (exclusive), committing every {@value #BATCH}; false once past the deadline. */
    boolean fill(Connection connection, long from, long to, boolean expired, long deadlineNanos) throws SQLException {
        connection.setAutoCommit(false);
        SplittableRandom random = new SplittableRandom(from * 31 + (expired ? 7 : 0));
        long ttl = options.ttl.toMillis();
        try (PreparedStatement statement = connection.prepareStatement(insert)) {
            int batched = 0;
            for (long i = from; i < to; i++) {
                boolean completed = expired || completed(i);
                // Live rows expire over the next TTL; expired ones ended up to an hour ago.
                long expiresIn = expired ? -1_000 - random.nextLong(3_600_000) : random.nextLong(ttl);
                long createdIn = expiresIn - ttl;
                int p = 1;
                statement.setString(p++, "");
                statement.setString(p++, key(i, expired));
                statement.setString(p++, "POST /orders");
                statement.setString(p++, "3f2a9c0d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f");
                statement.setString(p++, completed ? "COMPLETED" : "IN_PROGRESS");
                statement.setString(p++, "host-7/4242/1a2b3c4d");
                statement.setLong(p++, 1 + random.nextLong(Long.MAX_VALUE / 2));
                statement.setLong(p++, completed ? createdIn + 40 : 30_000);
                statement.setInt(p++, 1);
                statement.setString(p++, UUID.randomUUID().toString());
                if (completed) {
                    statement.setInt(p++, 201);
                    statement.setString(p++, HEADERS);
                    statement.setBytes(p++, body(random));
                    statement.setBoolean(p++, true);
                } else {
                    statement.setNull(p++, Types.INTEGER);
                    statement.setNull(p++, Types.VARCHAR);
                    statement.setNull(p++, Types.VARBINARY);
                    statement.setNull(p++, Types.BOOLEAN);
                }
                statement.setLong(p++, completed ? createdIn : -1_000);
                statement.setInt(p++, completed ? 1 : 0);
                statement.setLong(p++, createdIn + 40);
                statement.setLong(p, completed ? expiresIn : ttl);
                statement.addBatch();
                if (++batched == BATCH) {
                    statement.executeBatch();
                    connection.commit();
                    batched = 0;
                    if (System.nanoTime() - deadlineNanos > 0) {
                        return false;
                    }
                }
            }
            if (batched > 0) {
                statement.executeBatch();
                connection.commit();
            }
            return true;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    private byte[] body(SplittableRandom random) {
        int length = options.bodyMin + random.nextInt(options.bodyMax - options.bodyMin + 1);
        int start = random.nextInt(TEXT.length - length);
        byte[] body = new byte[length];
        System.arraycopy(TEXT, start, body, 0, length);
        return body;
    }

    /** JSON-ish text: field names repeat, values do not, as in real answers. */
    static byte[] text(int length) {
        SplittableRandom random = new SplittableRandom(42);
        StringBuilder text = new StringBuilder(length + 64);
        String[] names = {"id", "status", "sku", "quantity", "amount", "currency", "createdAt", "customer"};
        while (text.length() < length) {
            text.append("{\"").append(names[random.nextInt(names.length)]).append("\":\"");
            for (int i = 4 + random.nextInt(20); i > 0; i--) {
                text.append((char) ('a' + random.nextInt(26)));
            }
            text.append("\"},");
        }
        return text.substring(0, length).getBytes(StandardCharsets.US_ASCII);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
