package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.RecordState;

/**
 * The texts each {@link Slice}'s two maps are keyed by. A record's key is its scope's length, a colon, the scope,
 * then the idempotency key: unambiguous whatever either contains. The expiry index's key is the
 * record's state (one letter), its {@code expires_at} as 12 hexadecimal digits (milliseconds, so
 * texts sort as times do, until the year 10889), then the record's key: one index serves the
 * purge (each state's range up to now), the live counts by state (the rest of each range, counted
 * by the map's positions without reading it) and the operator's list of one state.
 */
final class RecordKeys {

    private static final char[] STATE_LETTERS = {'I', 'C', 'U'};
    private static final int TIME_DIGITS = 12;
    private static final int PREFIX = 1 + TIME_DIGITS;

    private RecordKeys() {
    }

    static String record(String scope, String key) {
        return scope.length() + ":" + scope + key;
    }

    static String scope(String recordKey) {
        int colon = recordKey.indexOf(':');
        int length = Integer.parseInt(recordKey.substring(0, colon));
        return recordKey.substring(colon + 1, colon + 1 + length);
    }

    static String key(String recordKey) {
        int colon = recordKey.indexOf(':');
        int length = Integer.parseInt(recordKey.substring(0, colon));
        return recordKey.substring(colon + 1 + length);
    }

    static String expiry(RecordState state, long expiresAt, String recordKey) {
        return timeBound(state, expiresAt) + recordKey;
    }

    /** Sorts before every index key of {@code state} expiring at {@code millis} or later. */
    static String timeBound(RecordState state, long millis) {
        String hex = Long.toHexString(Math.max(0, millis));
        StringBuilder bound = new StringBuilder(PREFIX).append(letter(state));
        for (int pad = hex.length(); pad < TIME_DIGITS; pad++) {
            bound.append('0');
        }
        return bound.append(hex).toString();
    }

    /** Sorts after every index key of {@code state}. */
    static String stateEnd(RecordState state) {
        return String.valueOf((char) (letter(state) + 1));
    }

    static String recordOf(String expiryKey) {
        return expiryKey.substring(PREFIX);
    }

    private static char letter(RecordState state) {
        return STATE_LETTERS[state.ordinal()];
    }
}
