package dev.idempotency.agent.store.jdbc.mariadb;

import dev.idempotency.agent.store.jdbc.ConnectionSource;
import dev.idempotency.agent.store.jdbc.NewKeyOutcome;
import dev.idempotency.agent.store.jdbc.grouped.DistinctKeyRows;
import dev.idempotency.agent.store.jdbc.grouped.NewClaim;
import dev.idempotency.agent.store.jdbc.RecordRows;
import dev.idempotency.agent.store.jdbc.TableSql;

import java.util.Collections;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.idempotency.agent.store.StoredRecord;

/**
 * Claims of new keys, several in one MariaDB statement ({@link MariaDbDialect#insertRows}): a
 * caller whose key came back holds its claim. A key that has a row fails the insert with a
 * duplicate key error, which applies nothing; a caller left out ({@code null}) goes on to the
 * replay read and the full claim, as does every caller on a server without {@code RETURNING}.
 */
final class MariaDbClaimRows extends DistinctKeyRows<NewClaim, NewKeyOutcome> {

    private final MariaDbDialect mariaDb;

    MariaDbClaimRows(ConnectionSource connections, MariaDbDialect dialect, TableSql sql) {
        super(connections, dialect, sql);
        this.mariaDb = dialect;
    }

    @Override
    public String scope(NewClaim claim) {
        return claim.request.scope();
    }

    @Override
    public String key(NewClaim claim) {
        return claim.request.key();
    }

    /** The insert alone: a key that has a row fails it, and the caller goes on. */
    @Override
    public NewKeyOutcome runAlone(Connection connection, NewClaim claim) throws SQLException {
        List<NewKeyOutcome> alone = insert(connection, Collections.singletonList(claim));
        return alone == null ? null : alone.get(0);
    }

    /**
     * All the keys in one insert. When one of them has a row (a retry among new keys), the keys
     * that have a row are read (one read, locking nothing) and the others inserted again without
     * them, so one retry does not send every caller of the group down the long path. A row that
     * appears between the read and the second insert fails it too, and every caller goes on.
     */
    @Override
    public List<NewKeyOutcome> runDistinct(Connection connection, List<NewClaim> claims) throws SQLException {
        List<NewKeyOutcome> together = insert(connection, claims);
        if (together != null || !mariaDb.insertsFirst()) {
            return together;
        }
        Set<List<String>> existing = mariaDb.existingKeys(connection, sql, claims);
        List<NewClaim> fresh = new ArrayList<>(claims.size());
        for (NewClaim claim : claims) {
            if (!existing.contains(keyOf(claim))) {
                fresh.add(claim);
            }
        }
        List<NewKeyOutcome> inserted = fresh.isEmpty() ? null : insert(connection, fresh);
        if (inserted == null) {
            return null;
        }
        List<NewKeyOutcome> results = new ArrayList<>(claims.size());
        int next = 0;
        for (NewClaim claim : claims) {
            results.add(next < fresh.size() && fresh.get(next) == claim ? inserted.get(next++) : null);
        }
        return results;
    }

    /** The claims' new records, in order; null when a key had a row (nothing inserted) or the server has no RETURNING. */
    private List<NewKeyOutcome> insert(Connection connection, List<NewClaim> claims) throws SQLException {
        Map<List<String>, StoredRecord> inserted = new HashMap<>();
        try (PreparedStatement statement = mariaDb.insertRows(connection, sql, claims)) {
            if (statement == null) {
                return null;
            }
            try (ResultSet row = statement.executeQuery()) {
                while (row.next()) {
                    StoredRecord record = RecordRows.read(row, dialect);
                    inserted.put(keyOf(record.scope(), record.key()), record);
                }
            }
        } catch (SQLException e) {
            if (dialect.isDuplicateKey(e)) {
                return null;
            }
            throw e;
        }
        List<NewKeyOutcome> results = new ArrayList<>(claims.size());
        for (NewClaim claim : claims) {
            StoredRecord record = inserted.get(keyOf(claim));
            results.add(record == null ? null : NewKeyOutcome.claimed(record));
        }
        return results;
    }
}
