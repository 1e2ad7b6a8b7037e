package dev.idempotency.agent.core.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RandomUuidsTest {

    @Test
    void areVersionFourUuidsOfTheIetfVariantInTheirTextForm() {
        for (int i = 0; i < 1_000; i++) {
            String text = RandomUuids.next();
            UUID parsed = UUID.fromString(text);
            assertThat(parsed.toString()).isEqualTo(text);
            assertThat(parsed.version()).isEqualTo(4);
            assertThat(parsed.variant()).isEqualTo(2);
        }
    }

    @Test
    void doNotRepeatAcrossThreads() throws InterruptedException {
        Set<String> seen = Collections.synchronizedSet(new HashSet<>());
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 25_000; i++) {
                    seen.add(RandomUuids.next());
                }
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join(10_000);
        }
        assertThat(seen).hasSize(100_000);
    }
}
