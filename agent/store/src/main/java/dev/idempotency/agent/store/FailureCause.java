package dev.idempotency.agent.store;

/**
 * What a store failure is, for saying it once: the chain of its exception types, outermost
 * first. Not the messages or the throwing frames, which vary from one failure to the next while a
 * store (H2 above all, naming file handles and offsets) fails for one reason.
 */
public final class FailureCause {

    /** Causes deeper than this (or circular ones) add nothing to tell failures apart. */
    private static final int MAX_DEPTH = 8;

    private FailureCause() {
    }

    public static String of(Throwable failure) {
        StringBuilder chain = new StringBuilder();
        Throwable next = failure;
        for (int depth = 0; next != null && depth < MAX_DEPTH; depth++, next = next.getCause()) {
            chain.append(depth == 0 ? "" : " < ").append(next.getClass().getName());
        }
        return chain.toString();
    }

    /**
     * The failure and its causes, each as its {@code toString()}, on one line ({@code A: ...;
     * caused by B: ...}): what an operator reads of a store's failure instead of its stack trace.
     */
    public static String describe(Throwable failure) {
        StringBuilder text = new StringBuilder();
        Throwable next = failure;
        for (int depth = 0; next != null && depth < MAX_DEPTH; depth++, next = next.getCause()) {
            text.append(depth == 0 ? "" : "; caused by ").append(next.toString().replaceAll("\\s*[\\r\\n]+\\s*", " "));
        }
        return text.toString();
    }
}
