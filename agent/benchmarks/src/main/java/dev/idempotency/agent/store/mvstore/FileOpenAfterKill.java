package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.UUID;

/**
 * How soon a file store left by a killed JVM serves, and what a claim costs until its key filters
 * are filled from the file: opens {@code FILE} as the agent does, then claims new keys one after
 * another, and prints the open's time, the claims' median and worst time while the filters fill and
 * after, and when they were filled. Run it on a copy of a file whose process was killed (a clean
 * close keeps the filters, and the open reads them back instead):
 *
 * <p>{@code java -cp agent/benchmarks/target/benchmarks.jar dev.idempotency.agent.store.mvstore.FileOpenAfterKill
 * /path/to/copy.mvstore [CLAIMS_AFTER]}
 */
public final class FileOpenAfterKill {

    private FileOpenAfterKill() {
    }

    public static void main(String[] args) {
        // the store's URL names the file without its extension
        String suffix = FileStores.FILE_SUFFIX;
        String file = args[0].endsWith(suffix) ? args[0].substring(0, args[0].length() - suffix.length()) : args[0];
        int claimsAfter = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
        long started = System.nanoTime();
        IdempotencyStore store = FileStores.open(StoreSettings.forUrl("mvstore:" + file), SingleWriter.HOLD_BEHIND_MILLIS);
        long opened = System.nanoTime();
        RecordFile records = ((FileRecordStore) store).file().forReading();
        System.out.printf(Locale.ROOT, "opened in %d ms, %d slices, filters filled: %s%n",
                (opened - started) / 1_000_000, records.slices().size(), records.filtersFilled());
        long[] filling = new long[1_000_000];
        int during = 0;
        while (!records.filtersFilled() && during < filling.length) {
            filling[during++] = claim(store);
        }
        long filled = System.nanoTime();
        long[] after = new long[claimsAfter];
        for (int i = 0; i < after.length; i++) {
            after[i] = claim(store);
        }
        System.out.printf(Locale.ROOT, "filters filled %d ms after the open; %s while filling; %s after%n",
                (filled - opened) / 1_000_000, summary(Arrays.copyOf(filling, during)), summary(after));
        store.close();
    }

    private static long claim(IdempotencyStore store) {
        long start = System.nanoTime();
        store.claim(new ClaimRequest("probe", UUID.randomUUID().toString(), "create-order", "fp", "probe", "r",
                Duration.ofSeconds(30), Duration.ofHours(1)));
        return System.nanoTime() - start;
    }

    private static String summary(long[] nanos) {
        if (nanos.length == 0) {
            return "no claims";
        }
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return String.format(Locale.ROOT, "%,d claims, median %.2f ms, worst %.2f ms", sorted.length,
                sorted[sorted.length / 2] / 1e6, sorted[sorted.length - 1] / 1e6);
    }
}
