package dev.idempotency.agent.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.store.testing.InMemoryTestStore;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** A store still opening refuses like an unavailable one; once open it is the store itself. */
class OpeningStoreTest {

    private static final ClaimRequest CLAIM = new ClaimRequest("s", "k", "e", "fp", "me", "r",
            Duration.ofSeconds(30), Duration.ofHours(1));

    @Test
    void callsBeforeTheStoreIsOpenFailAsUnavailable() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        OpeningStore store = OpeningStore.start(() -> {
            await(release);
            return new InMemoryTestStore(Instant::now);
        }, Duration.ofMillis(20), "test-store-open");

        assertThatThrownBy(() -> store.claim(CLAIM)).isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("still opening");

        release.countDown();
        store.opened().get();
        assertThat(store.claim(CLAIM).claimed()).isTrue();
    }

    @Test
    void aStoreThatCannotBeOpenedFailsEveryCallWithTheReason() {
        OpeningStore store = OpeningStore.start(() -> {
            throw new IllegalStateException("table of schema version 9");
        }, Duration.ofSeconds(5), "test-store-open");

        assertThatThrownBy(() -> store.claim(CLAIM)).isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("schema version 9");
        assertThat(store.opened()).isCompletedExceptionally();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
