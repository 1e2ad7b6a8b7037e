package dev.idempotency.agent.bootstrap.body;

/**
 * Tells the exchange that the application has given the container the whole response: it closed
 * the output stream or writer (so does a servlet container itself when a {@code forward} returns),
 * or wrote the last byte of the {@code Content-Length} it declared. The container may send the end
 * of the response at that moment (with the last byte of a known length, as the JDK HTTP server
 * under Jersey does; on the close for a chunked one, as Grizzly does), and the handler may still
 * run for a long time after; the outcome must be taken first (and handed to the store's writers),
 * or a client that already has the answer and repeats the request would find the key still in
 * progress. Every adapter's copying stream ends its response by this one rule.
 *
 * <p>Runs its hook before the closing call or the last bytes go on to the container; the hook
 * decides whether this end counts (a close inside a servlet include does not) and runs at most once.
 */
public final class ResponseEnd {

    private volatile Runnable hook = () -> { };
    private long declaredLength = -1;
    private long written;

    public void onEnd(Runnable hook) {
        this.hook = hook;
    }

    public synchronized void declare(long length) {
        declaredLength = length;
    }

    public synchronized boolean countsBytes() {
        return declaredLength >= 0;
    }

    /** The container discarded what was buffered: the declared length counts from here again. */
    public synchronized void restart() {
        written = 0;
    }

    /**
     * Called with the bytes of a write after they are copied and before they reach the container.
     * True when they complete the declared length: the writer then flushes them, so the response
     * goes out as stored, as the container would send it had it known the length all along (a
     * servlet's length is held back until the outcome is stored), and an exception the handler
     * throws after cannot turn it into the container's 500.
     */
    public boolean writing(long count) {
        if (count > 0 && reaches(count)) {
            hook.run();
            return true;
        }
        return false;
    }

    public void closing() {
        hook.run();
    }

    private synchronized boolean reaches(long count) {
        boolean before = declaredLength >= 0 && written >= declaredLength;
        written += count;
        return !before && declaredLength >= 0 && written >= declaredLength;
    }
}
