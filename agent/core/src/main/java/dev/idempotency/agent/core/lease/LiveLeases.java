package dev.idempotency.agent.core.lease;

import java.util.Collections;
import java.util.ArrayList;
import dev.idempotency.agent.store.LeaseRef;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The claims this JVM is executing right now. The background keeper renews their leases, so a
 * slow handler never loses its claim while a dead JVM's claims expire.
 */
public final class LiveLeases {

    private final Set<LeaseRef> live = ConcurrentHashMap.newKeySet();

    /** Identity matters: each execution adds and removes its own reference. */
    public void add(LeaseRef lease) {
        live.add(lease);
    }

    public void remove(LeaseRef lease) {
        live.remove(lease);
    }

    /** A snapshot of the leases to renew. */
    public Collection<LeaseRef> liveLeases() {
        return Collections.unmodifiableList(new ArrayList<>(live));
    }

    public int size() {
        return live.size();
    }
}
