package dev.idempotency.agent.core.attempt;

import java.util.Collections;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Several listeners as one: each sees every event and warning, in order, and one failing does not
 * starve the next. Internal failures go to one reporter, so they are said once; warnings go to
 * one reporter too (standard error) besides the listeners that record them.
 */
public final class AttemptListeners implements AttemptListener {

    private final List<AttemptListener> listeners;
    private final RequestDetails details;
    private final BiConsumer<String, Throwable> failures;
    private final BiConsumer<String, String> warnings;

    private AttemptListeners(BiConsumer<String, Throwable> failures, BiConsumer<String, String> warnings,
            List<AttemptListener> listeners) {
        this.failures = failures;
        this.warnings = warnings;
        this.listeners = Collections.unmodifiableList(new ArrayList<>(listeners));
        RequestDetails wanted = RequestDetails.NONE;
        for (AttemptListener listener : this.listeners) {
            wanted = wanted.and(listener.requestDetails());
        }
        this.details = wanted;
    }

    /**
     * @param failures hears internal failures (endpoint-free: where, cause)
     * @param warnings hears warnings (endpoint, message), before the listeners do
     */
    public static AttemptListener of(BiConsumer<String, Throwable> failures, BiConsumer<String, String> warnings,
            List<AttemptListener> listeners) {
        return new AttemptListeners(failures, warnings, listeners);
    }

    @Override
    public void onAttempt(AttemptEvent event) {
        forEach(listener -> listener.onAttempt(event));
    }

    @Override
    public RequestDetails requestDetails() {
        return details;
    }

    @Override
    public void onInternalFailure(String where, Throwable cause) {
        failures.accept(where, cause);
    }

    @Override
    public void onMarkedUnknown(MarkedUnknown record) {
        forEach(listener -> listener.onMarkedUnknown(record));
    }

    @Override
    public void onWarning(String endpoint, String message) {
        warnings.accept(endpoint, message);
        forEach(listener -> listener.onWarning(endpoint, message));
    }

    /** Tells every listener; one that throws does not keep the next from hearing, and the first failure is rethrown. */
    private void forEach(Consumer<AttemptListener> call) {
        RuntimeException first = null;
        for (AttemptListener listener : listeners) {
            try {
                call.accept(listener);
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
