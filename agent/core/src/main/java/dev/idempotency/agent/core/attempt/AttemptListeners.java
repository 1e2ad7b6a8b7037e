package dev.idempotency.agent.core.attempt;

import java.util.List;
import java.util.function.BiConsumer;

/**
 * Several listeners as one: each sees every event, in order, and one failing does not starve the
 * next. Internal failures go to one reporter, so they are said once.
 */
public final class AttemptListeners implements AttemptListener {

    private final List<AttemptListener> listeners;
    private final RequestDetails details;
    private final BiConsumer<String, Throwable> failures;

    private AttemptListeners(BiConsumer<String, Throwable> failures, List<AttemptListener> listeners) {
        this.failures = failures;
        this.listeners = List.copyOf(listeners);
        RequestDetails wanted = RequestDetails.NONE;
        for (AttemptListener listener : this.listeners) {
            wanted = wanted.and(listener.requestDetails());
        }
        this.details = wanted;
    }

    public static AttemptListener of(BiConsumer<String, Throwable> failures, List<AttemptListener> listeners) {
        return new AttemptListeners(failures, listeners);
    }

    @Override
    public void onAttempt(AttemptEvent event) {
        RuntimeException first = null;
        for (AttemptListener listener : listeners) {
            try {
                listener.onAttempt(event);
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public RequestDetails requestDetails() {
        return details;
    }

    @Override
    public void onInternalFailure(String where, Throwable cause) {
        failures.accept(where, cause);
    }
}
