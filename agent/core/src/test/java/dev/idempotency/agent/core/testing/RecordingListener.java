package dev.idempotency.agent.core.testing;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.attempt.MarkedUnknown;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps every event and internal failure for assertions. */
public final class RecordingListener implements AttemptListener {

    public final List<AttemptEvent> events = new CopyOnWriteArrayList<>();
    public final List<Throwable> failures = new CopyOnWriteArrayList<>();
    public final List<MarkedUnknown> markedUnknown = new CopyOnWriteArrayList<>();
    public final List<String> warnings = new CopyOnWriteArrayList<>();

    @Override
    public void onAttempt(AttemptEvent event) {
        events.add(event);
    }

    @Override
    public void onInternalFailure(String where, Throwable cause) {
        failures.add(cause);
    }

    @Override
    public void onMarkedUnknown(MarkedUnknown record) {
        markedUnknown.add(record);
    }

    @Override
    public void onWarning(String endpoint, String message) {
        warnings.add(endpoint + ": " + message);
    }

    public AttemptEvent last() {
        return events.get(events.size() - 1);
    }
}
