package dev.idempotency.agent.config;

/** The HTTP status of each answer the agent produces itself. */
public final class AnswerStatuses {

    private final int missingKey;
    private final int invalidKey;
    private final int bodyTooLarge;
    private final int deadlineExceeded;
    private final int storeUnavailable;
    private final int keyReused;
    private final int inProgress;
    private final int outcomeUnknown;

    AnswerStatuses(int missingKey, int invalidKey, int bodyTooLarge, int deadlineExceeded,
            int storeUnavailable, int keyReused, int inProgress, int outcomeUnknown) {
        this.missingKey = missingKey;
        this.invalidKey = invalidKey;
        this.bodyTooLarge = bodyTooLarge;
        this.deadlineExceeded = deadlineExceeded;
        this.storeUnavailable = storeUnavailable;
        this.keyReused = keyReused;
        this.inProgress = inProgress;
        this.outcomeUnknown = outcomeUnknown;
    }

    public int missingKey() { return missingKey; }
    public int invalidKey() { return invalidKey; }
    public int bodyTooLarge() { return bodyTooLarge; }
    public int deadlineExceeded() { return deadlineExceeded; }
    public int storeUnavailable() { return storeUnavailable; }
    /** Same key, different fingerprint. */
    public int keyReused() { return keyReused; }
    public int inProgress() { return inProgress; }
    /** The owner of the key died before completing and the crash policy is {@code unknown}. */
    public int outcomeUnknown() { return outcomeUnknown; }
}
