package dev.idempotency.agent.bootstrap.body;

import dev.idempotency.agent.bootstrap.DropCleaner;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes of response copies the agent may hold at once, across every request of the JVM
 * ({@code response-capture-budget}): each copy reserves what it keeps as it grows, and a copy
 * that would pass the budget keeps nothing more, as one over its endpoint's own cap does (the
 * response goes to the client whole; its body is not retained). So raising the per-response cap
 * can never take the host's heap.
 */
public final class CaptureBudget {

    /**
     * Gives back the reservation of a copy dropped before it was taken (a request that failed on its
     * way out). Its thread is made when the agent sets the budget at start, never on a request
     * thread: a thread an application's request made would hold that application's loader.
     */
    static final DropCleaner DROPPED = DropCleaner.start("idempotency-capture-budget");

    /** A tenth of the heap until the agent sets the configured budget. */
    private static final AtomicLong AVAILABLE = new AtomicLong(Runtime.getRuntime().maxMemory() / 10);
    private static volatile long total = AVAILABLE.get();

    private CaptureBudget() {
    }

    /** Sets the budget; copies in flight keep what they reserved under the old one. */
    public static void set(long bytes) {
        synchronized (CaptureBudget.class) {
            AVAILABLE.addAndGet(bytes - total);
            total = bytes;
        }
    }

    /** The budget, and what of it no copy holds now. */
    public static long total() {
        return total;
    }

    public static long available() {
        return AVAILABLE.get();
    }

    /** Takes {@code bytes} from the budget; false (and nothing taken) when it has not that much left. */
    static boolean reserve(long bytes) {
        long left;
        do {
            left = AVAILABLE.get();
            if (left < bytes) {
                return false;
            }
        } while (!AVAILABLE.compareAndSet(left, left - bytes));
        return true;
    }

    static void release(long bytes) {
        if (bytes > 0) {
            AVAILABLE.addAndGet(bytes);
        }
    }
}
