package dev.idempotency.agent.store.jdbc.h2;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.sql.SQLException;
import java.util.Set;

/**
 * The H2 errors after which a connection is dead: the engine closed the database (a write failed
 * when the disk was full, a file error) and every statement on the old connections now fails with
 * "The database has been closed". The store evicts such a connection from the pool at once; its next one opens the
 * file again, which works as soon as the cause is gone (space freed), so the store recovers in
 * seconds instead of when the pool would retire the connection (30 minutes).
 */
final class H2FatalErrors {

    /** DATABASE_IS_CLOSED, DATABASE_CALLED_AT_SHUTDOWN, IO_EXCEPTION_1/2, FILE_CORRUPTED_1, NO_DISK_SPACE_AVAILABLE, GENERAL_ERROR_1. */
    static final Set<Integer> FATAL = Collections.unmodifiableSet(new HashSet<>(Arrays.asList(90098, 90121, 90028, 90031, 90030, 90100, 50000)));

    private H2FatalErrors() {
    }

    static boolean isFatal(SQLException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException && FATAL.contains(((SQLException) cause).getErrorCode())) {
                return true;
            }
        }
        return false;
    }
}
