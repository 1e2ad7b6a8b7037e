package dev.idempotency.agent.core.testing;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.testing.InMemoryTestStore;

/**
 * The store the core's tests run against: in memory, and held to the same store contract as the
 * JDBC stores (agent/store's InMemoryStoreContractTest). The one place to swap in another
 * implementation: every gate test builds its store here.
 */
public final class TestStores {

    private TestStores() {
    }

    /** A fresh, empty store whose clock is {@code clock}. */
    public static IdempotencyStore create(TestClock clock) {
        return new InMemoryTestStore(clock::now);
    }
}
