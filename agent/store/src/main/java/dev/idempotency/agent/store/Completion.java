package dev.idempotency.agent.store;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One outcome for {@link RequestWork#completeAll}: what {@link RequestWork#complete} takes, and
 * where its answer goes. Answered once: the first of {@link #stored} and {@link #failed} counts.
 */
public abstract class Completion {

    private final String scope;
    private final String key;
    private final long fencingToken;
    private final StoredResponse response;
    private final Duration ttl;
    private final AtomicBoolean answered = new AtomicBoolean();

    protected Completion(String scope, String key, long fencingToken, StoredResponse response, Duration ttl) {
        this.scope = scope;
        this.key = key;
        this.fencingToken = fencingToken;
        this.response = response;
        this.ttl = ttl;
    }

    public final String scope() {
        return scope;
    }

    public final String key() {
        return key;
    }

    public final long fencingToken() {
        return fencingToken;
    }

    public final StoredResponse response() {
        return response;
    }

    public final Duration ttl() {
        return ttl;
    }

    /** The store's answer: {@code completed} as {@link RequestWork#complete} returns it. */
    public final void stored(boolean completed) {
        if (answered.compareAndSet(false, true)) {
            whenStored(completed);
        }
    }

    /** The store failed: whether this outcome was stored is not known. */
    public final void failed(RuntimeException failure) {
        if (answered.compareAndSet(false, true)) {
            whenFailed(failure);
        }
    }

    public final boolean answered() {
        return answered.get();
    }

    /**
     * Hands {@code completions} to {@code write} in parts of at most {@code max}, each part one
     * round trip of a store that completes together. {@code write} answers each completion of its
     * part; when it throws, every completion of the part it left unanswered fails with that.
     */
    public static void inParts(List<? extends Completion> completions, int max,
            Consumer<List<? extends Completion>> write) {
        for (int from = 0; from < completions.size(); from += max) {
            List<? extends Completion> part = completions.subList(from, Math.min(completions.size(), from + max));
            try {
                write.accept(part);
            } catch (RuntimeException e) {
                for (Completion completion : part) {
                    completion.failed(e);
                }
            }
        }
    }

    protected abstract void whenStored(boolean completed);

    protected abstract void whenFailed(RuntimeException failure);
}
