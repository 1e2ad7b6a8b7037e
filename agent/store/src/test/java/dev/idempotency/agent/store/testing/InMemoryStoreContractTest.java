package dev.idempotency.agent.store.testing;

import dev.idempotency.agent.store.IdempotencyStore;
import java.time.Instant;

/** The in-memory store the core's tests run on keeps the contract the real stores keep. */
class InMemoryStoreContractTest extends StoreContractTest {

    @Override
    protected IdempotencyStore openStore() {
        return new InMemoryTestStore(Instant::now);
    }
}
