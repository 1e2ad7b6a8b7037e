package dev.idempotency.agent.store.attempts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The counts a store has not written yet: none lost, none written twice, readers told when to read again. */
class AttemptTallyTest {

    private final AttemptTally tally = new AttemptTally();
    private final Map<String, Integer> written = new HashMap<>();

    @Test
    void aFlushWritesEachGenerationsCountOnce() {
        tally.count("s", "k", 1);
        tally.count("s", "k", 1);
        tally.count("s", "k", 2);

        AttemptTally.Flush flush = tally.flush();
        assertThat(flush.write(this::record)).isEqualTo(2);
        flush.end(true);

        assertThat(written).containsOnly(Map.entry("s/k#1", 2), Map.entry("s/k#2", 1));
        assertThat(tally.isEmpty()).isTrue();
        assertThat(tally.flush().write(this::record)).isZero();
    }

    @Test
    void countsOfAFlushNotWrittenGoToTheNextOne() {
        tally.count("s", "k", 1);
        AttemptTally.Flush failed = tally.flush();
        failed.write((scope, key, token, attempts) -> { });
        failed.end(false);
        tally.count("s", "k", 1);

        assertThat(tally.unwritten("s", "k", 1)).isEqualTo(2);
        AttemptTally.Flush next = tally.flush();
        next.write(this::record);
        next.end(true);
        assertThat(written).containsOnly(Map.entry("s/k#1", 2));
    }

    @Test
    void countsReadersSawWrittenButTheDiskLostGoBackOnce() {
        tally.count("s", "k", 1);
        AttemptTally.Flush flush = tally.flush();
        flush.write(this::record);
        flush.end(true);

        flush.lost();
        flush.lost();
        flush.end(false);

        assertThat(tally.unwritten("s", "k", 1)).isEqualTo(1);
    }

    @Test
    void aReaderKnowsWhenAFlushRanDuringItsRead() {
        tally.count("s", "k", 1);
        long before = tally.moment(0);
        assertThat(tally.unchangedSince(before)).isTrue();

        AttemptTally.Flush flush = tally.flush();
        flush.write(this::record);
        long during = tally.moment(0);
        assertThat(tally.unchangedSince(before)).as("a flush started").isFalse();
        assertThat(tally.unchangedSince(during)).as("read while a flush was under way").isFalse();

        flush.end(true);
        long after = tally.moment(0);
        assertThat(tally.unchangedSince(during)).isFalse();
        assertThat(tally.unchangedSince(after)).isTrue();
    }

    @Test
    void aCountAsksForOneFlushUntilAFlushTakesTheCounts() {
        AtomicInteger asked = new AtomicInteger();
        tally.flushWith(() -> {
            asked.incrementAndGet();
            return true;
        });
        tally.count("s", "a", 1);
        tally.count("s", "b", 1);
        assertThat(asked).hasValue(1);

        tally.flush().write(this::record);
        tally.count("s", "a", 1);
        assertThat(asked).hasValue(2);
    }

    @Test
    void aCountThatCouldNotScheduleAFlushLetsTheNextOneTry() {
        AtomicInteger asked = new AtomicInteger();
        tally.flushWith(() -> asked.incrementAndGet() > 1);
        tally.count("s", "a", 1);
        tally.count("s", "a", 1);
        tally.count("s", "a", 1);
        assertThat(asked).hasValue(2);
    }

    @Test
    void aReplayReadWithNoFlushMeanwhileAddsTheUnwrittenCountsToTheStoredOne() {
        tally.count("s", "k", 1);
        long moment = tally.moment(0);

        int number = tally.countReplay("s", "k", 1, 3, moment, () -> {
            throw new AssertionError("no second reading");
        });

        assertThat(number).isEqualTo(5);
    }

    @Test
    void aReplayReadWhileAFlushMovedCountsIsReadAgainAtOneMoment() {
        tally.count("s", "k", 1);
        long moment = tally.moment(0);
        // The flush takes the count and writes it (stored 3 -> 4) while the replay reads 3.
        AttemptTally.Flush flush = tally.flush();
        flush.write(this::record);
        flush.end(true);

        int number = tally.countReplay("s", "k", 1, 3, moment, () -> 3 + written.get("s/k#1"));

        assertThat(number).as("4 stored and this replay's own count").isEqualTo(5);
    }

    @Test
    void aRecordReplacedSinceTheReadKeepsTheFirstReading() {
        long moment = tally.moment(0);
        AttemptTally.Flush flush = tally.flush();
        flush.write(this::record);
        flush.end(true);

        assertThat(tally.countReplay("s", "k", 1, 3, moment, () -> -1)).isEqualTo(4);
    }

    private void record(String scope, String key, long fencingToken, int attempts) {
        written.merge(scope + "/" + key + "#" + fencingToken, attempts, Integer::sum);
    }
}
