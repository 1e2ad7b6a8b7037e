package dev.idempotency.agent.store.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;

import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.StoredRecord;

/**
 * What the first step of a claim ({@link WriteStrategy#claimNewKey}) learned: the key claimed; or
 * the key's row as that statement found it, where the database can return the row it did not
 * insert over (the replay read is then saved); or nothing, and the claim goes on with the read.
 */
public final class NewKeyOutcome {

    /** The step claimed nothing and read nothing (no such step here, or its caller was left out). */
    public static final NewKeyOutcome NOTHING_LEARNED = new NewKeyOutcome(null, null, false);

    private final ClaimResult claimed;
    private final StoredRecord found;
    private final boolean liveCompleted;

    private NewKeyOutcome(ClaimResult claimed, StoredRecord found, boolean liveCompleted) {
        this.claimed = claimed;
        this.found = found;
        this.liveCompleted = liveCompleted;
    }

    /** The caller's new record: it holds the claim. */
    public static NewKeyOutcome claimed(StoredRecord record) {
        return new NewKeyOutcome(ClaimResult.claimed(record), null, false);
    }

    /** The key's row as the statement found it; {@code liveCompleted} judged by the database clock. */
    public static NewKeyOutcome found(StoredRecord record, boolean liveCompleted) {
        return new NewKeyOutcome(null, record, liveCompleted);
    }

    /**
     * One row of a statement that returns the rows it inserted and the rows it found instead:
     * the record's columns, {@code inserted} (1/0) and {@code live_completed} (1/0).
     */
    public static NewKeyOutcome read(ResultSet row, Dialect dialect) throws SQLException {
        StoredRecord record = RecordRows.read(row, dialect);
        return row.getInt("inserted") == 1 ? claimed(record) : found(record, row.getInt("live_completed") == 1);
    }

    /**
     * The outcome for a second caller of the same key in one statement: a row found is its row
     * too; a claim belongs to the first caller alone, so the second learns nothing.
     */
    public NewKeyOutcome forAnotherCallerOfTheKey() {
        return found != null ? this : NOTHING_LEARNED;
    }

    /** The claim the caller now holds; null when it holds none. */
    ClaimResult claim() {
        return claimed;
    }

    /** The row found; null when none was read. */
    StoredRecord found() {
        return found;
    }

    /** Whether the row found is COMPLETED and unexpired: a replay. */
    boolean liveCompleted() {
        return liveCompleted;
    }
}
