package dev.idempotency.agent.store.jdbc;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.function.Function;

import dev.idempotency.agent.store.ClaimRequest;

/** The SQL of one record table in one dialect, built once. Clock expressions come from the dialect. */
public final class TableSql {

    static final String COLUMNS = "scope, idem_key, endpoint, fingerprint, state, owner, fencing_token, lease_until, "
            + "attempts, first_request_id, response_status, response_headers, response_body, body_retained, "
            + "created_at, completed_at, expires_at";

    /** Columns a fresh claim writes (the response columns stay null). */
    public static final String CLAIM_COLUMNS = "scope, idem_key, endpoint, fingerprint, state, owner, fencing_token, "
            + "lease_until, attempts, first_request_id, created_at, expires_at";

    /** Columns a claim resets when it replaces an expired record (expires_at last, see {@link #claimUpdate}). */
    private static final String[] REPLACED_COLUMNS = {"endpoint", "fingerprint", "state", "owner", "lease_until",
        "first_request_id", "created_at"};
    private static final String[] CLEARED_COLUMNS = {"response_status", "response_headers", "response_body",
        "body_retained", "completed_at"};

    public final String table;
    final String metaTable;
    final Dialect dialect;
    /** Every column plus {@code lease_expired} (1/0), judged by the database clock. */
    public final String selectList;
    /** The values of {@link #CLAIM_COLUMNS}; parameters bound by {@link #bindClaim}. */
    public final String claimValues;
    public final String find;
    /** The record and {@code live_completed} (1 when COMPLETED and unexpired: a replay answered without a write). */
    final String findReplay;
    /** {@code live_completed} of {@link #findReplay}, for other statements that read a record. */
    public final String liveCompleted;
    /** Adds replays counted later (see {@link AttemptTally}) to one record generation. */
    final String addAttempts;
    public final String complete;
    final String release;
    final String withdrawUnstarted;
    final String markUnknown;
    /** {@link #markUnknown} by the claim's own owner, whose lease is still live. */
    final String giveUp;
    /** {@link #complete} for an operator: fenced by token and by a dead (or forced) owner. */
    final String resolveComplete;
    final String resolveRelease;
    final String countExpired;
    final String countInState;
    final String countStale;
    final String countAll;
    final String takeOver;
    final String renewLease;
    final String list;
    final String purge;
    /** The dialect's claim statement; see {@link Dialect#claim}. */
    public final String claim;

    public TableSql(String table, Dialect dialect) {
        this.table = table;
        this.metaTable = table + "_meta";
        this.dialect = dialect;
        String now = dialect.now();
        String nowPlus = dialect.nowPlusMillis();
        String keyAndToken = " WHERE scope = ? AND idem_key = ? AND fencing_token = ?";
        this.selectList = COLUMNS + ", CASE WHEN lease_until <= " + now + " THEN 1 ELSE 0 END AS lease_expired";
        this.claimValues = "?, ?, ?, ?, 'IN_PROGRESS', ?, ?, " + nowPlus + ", 1, ?, " + now + ", " + nowPlus;
        this.find = "SELECT " + selectList + " FROM " + table + " WHERE scope = ? AND idem_key = ?";
        // Judged in the select list, not the WHERE clause: a condition on expires_at could lure the
        // planner onto the expiry index (a range over every live row) instead of the primary key.
        this.liveCompleted = "CASE WHEN state = 'COMPLETED' AND expires_at > " + now + " THEN 1 ELSE 0 END AS live_completed";
        this.findReplay = "SELECT " + selectList + ", " + liveCompleted + " FROM " + table
                + " WHERE scope = ? AND idem_key = ?";
        this.addAttempts = "UPDATE " + table + " SET attempts = attempts + ?" + keyAndToken;
        // The real outcome also settles a record another instance marked UNKNOWN while its owner lived.
        String completeSet = "UPDATE " + table + " SET state = 'COMPLETED', response_status = ?, "
                + "response_headers = ?, response_body = ?, body_retained = ?, completed_at = " + now
                + ", lease_until = " + now + ", expires_at = " + nowPlus;
        this.complete = completeSet + keyAndToken + " AND state <> 'COMPLETED'";
        this.release = "DELETE FROM " + table + keyAndToken + " AND state <> 'COMPLETED'";
        this.withdrawUnstarted = "DELETE FROM " + table + " WHERE scope = ? AND idem_key = ? AND owner = ? "
                + "AND first_request_id = ? AND state <> 'COMPLETED'";
        // The last parameter is 1 when the operator forces a record whose lease is still live.
        String ownerGone = " AND (state = 'UNKNOWN' OR (state = 'IN_PROGRESS' AND (lease_until <= " + now
                + " OR ? = 1)))";
        this.resolveComplete = completeSet + keyAndToken + ownerGone;
        this.resolveRelease = "DELETE FROM " + table + keyAndToken + ownerGone;
        this.countExpired = "SELECT COUNT(*) FROM " + table + " WHERE expires_at <= " + now;
        this.countAll = "SELECT COUNT(*) FROM " + table;
        this.countInState = "SELECT COUNT(*) FROM " + table + " WHERE state = ? AND expires_at > " + now;
        this.countStale = countInState.replace("state = ?", "state = 'IN_PROGRESS'") + " AND lease_until <= " + now;
        this.markUnknown = "UPDATE " + table + " SET state = 'UNKNOWN'" + keyAndToken
                + " AND state = 'IN_PROGRESS' AND lease_until <= " + now;
        this.giveUp = "UPDATE " + table + " SET state = 'UNKNOWN'" + keyAndToken + " AND state = 'IN_PROGRESS'";
        this.takeOver = "UPDATE " + table + " SET state = 'IN_PROGRESS', owner = ?, fencing_token = fencing_token + 1, "
                + "lease_until = " + nowPlus + ", first_request_id = ?, expires_at = " + nowPlus + keyAndToken
                + " AND (state = 'UNKNOWN' OR (state = 'IN_PROGRESS' AND lease_until <= " + now + "))";
        // A handler that outlives the ttl keeps its record from being replaced or purged.
        this.renewLease = "UPDATE " + table + " SET lease_until = " + nowPlus + ", expires_at = GREATEST(expires_at, "
                + nowPlus + ")" + keyAndToken + " AND state = 'IN_PROGRESS'";
        this.list = "SELECT " + selectList + " FROM " + table + " WHERE state = ? AND created_at <= " + nowPlus
                + " ORDER BY created_at" + dialect.limit();
        this.purge = dialect.purgeExpired(table);
        this.claim = dialect.claimSql(this);
    }

    /**
     * The assignments of a claim that meets an existing row: count the attempt; if the row has
     * expired, replace it by the new claim with the next fencing token. {@code expires_at} is
     * assigned last because MySQL and MariaDB evaluate assignments left to right: every earlier
     * condition must still see the old expiry.
     *
     * @param old prefix naming the existing row's columns ("r." or "")
     * @param claimed the value the new claim would insert, given a column name
     */
    public static String claimUpdate(String old, Function<String, String> claimed, String now) {
        String expired = "CASE WHEN " + old + "expires_at <= " + now + " THEN ";
        StringBuilder set = new StringBuilder()
                .append("attempts = ").append(expired).append("1 ELSE ").append(old).append("attempts + 1 END, ")
                .append("fencing_token = ").append(expired).append(old).append("fencing_token + 1 ELSE ")
                .append(old).append("fencing_token END");
        for (String column : REPLACED_COLUMNS) {
            set.append(", ").append(column).append(" = ").append(expired).append(claimed.apply(column))
                    .append(" ELSE ").append(old).append(column).append(" END");
        }
        for (String column : CLEARED_COLUMNS) {
            set.append(", ").append(column).append(" = ").append(expired).append("NULL ELSE ")
                    .append(old).append(column).append(" END");
        }
        return set.append(", expires_at = ").append(expired).append(claimed.apply("expires_at"))
                .append(" ELSE ").append(old).append("expires_at END").toString();
    }

    /** Binds the parameters of {@link #claimValues} from {@code first} on; returns the next index. */
    public static int bindClaim(PreparedStatement statement, int first, ClaimRequest request, long token)
            throws SQLException {
        int i = first;
        statement.setString(i++, request.scope());
        statement.setString(i++, request.key());
        statement.setString(i++, request.endpoint());
        statement.setString(i++, request.fingerprint());
        statement.setString(i++, request.owner());
        statement.setLong(i++, token);
        statement.setLong(i++, request.lease().toMillis());
        statement.setString(i++, request.requestId());
        statement.setLong(i++, request.ttl().toMillis());
        return i;
    }
}
