package dev.idempotency.agent.vocabulary;

import java.time.Duration;

/**
 * What an endpoint gets for every setting its config leaves out, and the bounds a setting must keep;
 * the config's built-in defaults and the core's policy builder both start here, and
 * docs/configuration.md lists the same values.
 */
public final class EndpointDefaults {

    public static final String KEY_HEADER = "Idempotency-Key";
    public static final boolean KEY_REQUIRED = true;
    public static final int KEY_MIN_LENGTH = 1;
    /** The longest key the agent accepts at all (the contract's bound, the store's column width), and the default limit. */
    public static final int KEY_MAX_LENGTH = 255;
    public static final Duration TTL = Duration.ofHours(24);
    public static final Duration LEASE = Duration.ofSeconds(30);
    public static final FingerprintMode FINGERPRINT_MODE = FingerprintMode.RAW;
    public static final Duration IN_FLIGHT_WAIT = Duration.ZERO;
    public static final Duration RETRY_AFTER = Duration.ofSeconds(1);
    public static final long MAX_REQUEST_BODY = 1024L * 1024;
    public static final long MAX_STORED_RESPONSE_BODY = 1024L * 1024;
    public static final CrashPolicy CRASH_POLICY = CrashPolicy.UNKNOWN;
    public static final StoreErrorPolicy ON_STORE_ERROR = StoreErrorPolicy.FAIL_CLOSED;
    /** Empty: no deadline header is read. */
    public static final String DEADLINE_HEADER = "";
    public static final DeadlineFormat DEADLINE_FORMAT = DeadlineFormat.RELATIVE_MS;
    public static final String REQUEST_ID_HEADER = "X-Request-Id";

    /** The status of each answer the agent gives itself (the contract's table). */
    public static final int MISSING_KEY_STATUS = 400;
    public static final int INVALID_KEY_STATUS = 400;
    public static final int BODY_TOO_LARGE_STATUS = 413;
    public static final int DEADLINE_EXCEEDED_STATUS = 504;
    public static final int STORE_UNAVAILABLE_STATUS = 503;
    public static final int KEY_REUSED_STATUS = 422;
    public static final int IN_PROGRESS_STATUS = 409;
    public static final int OUTCOME_UNKNOWN_STATUS = 409;

    private EndpointDefaults() {
    }
}
