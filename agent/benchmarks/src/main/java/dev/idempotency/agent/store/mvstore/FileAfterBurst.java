package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.jdbc.JdbcStores;
import dev.idempotency.agent.store.jdbc.h2.H2Dialect;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An embedded store's file after a burst of new keys and a close: {@code THREADS} callers claim and
 * complete new keys (26-byte answers) as fast as the store takes them for {@code SECONDS}, then the
 * store closes. Prints the records, the file at the burst's end and after the close, how long the
 * close took, whether a new file took the old one's place (a copy of the live data) and, from the
 * file opened again, a sample of the records. The store alone: no HTTP, no service.
 *
 * <p>{@code java -cp agent/benchmarks/target/benchmarks.jar dev.idempotency.agent.store.mvstore.FileAfterBurst
 * URL [SECONDS [THREADS]]}, URL {@code jdbc:h2:file:<path>} or {@code mvstore:<path>} of a store
 * that does not exist yet.
 */
public final class FileAfterBurst {

    private static final byte[] ANSWER = "{\"order\":123456,\"ok\":true}".getBytes(StandardCharsets.UTF_8);

    private FileAfterBurst() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 16;
        Path file = url.startsWith(FileStores.URL_PREFIX) ? FileStores.storeFile(url) : H2Dialect.databaseFile(url);
        if (Files.exists(file)) {
            throw new IllegalArgumentException(file + " exists: give the path of a store to create");
        }
        IdempotencyStore store = open(url);
        AtomicLong keys = new AtomicLong();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        ExecutorService callers = Executors.newFixedThreadPool(threads);
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            done.add(callers.submit(() -> {
                while (System.nanoTime() < end) {
                    complete(store, "k-" + keys.incrementAndGet());
                }
                return null;
            }));
        }
        for (Future<?> each : done) {
            each.get();
        }
        callers.shutdown();
        long records = keys.get();
        long atBurstEnd = Files.size(file);
        Object before = fileKey(file);
        long started = System.nanoTime();
        store.close();
        long closeMillis = (System.nanoTime() - started) / 1_000_000;
        long afterClose = Files.size(file);
        System.out.printf("%s: %,d records in %d s (%,d/s) on %d threads%n", url, records, seconds, records / seconds,
                threads);
        System.out.printf("  file at the burst's end %,d bytes (%,d per record); close %,d ms; after it %,d bytes"
                + " (%,d per record), %s%n", atBurstEnd, atBurstEnd / records, closeMillis, afterClose,
                afterClose / records, before.equals(fileKey(file)) ? "the same file" : "a new file in its place");
        try (IdempotencyStore again = open(url)) {
            int completed = 0;
            int sampled = 0;
            for (long i = 1; i <= records; i += Math.max(1, records / 1000)) {
                sampled++;
                if (again.find("s", "k-" + i).filter(r -> r.state() == RecordState.COMPLETED).isPresent()) {
                    completed++;
                }
            }
            System.out.printf("  opened again: %d of %d sampled records completed, %,d records%n", completed, sampled,
                    again.footprint().records());
        }
    }

    private static IdempotencyStore open(String url) {
        StoreSettings settings = StoreSettings.forUrl(url);
        return url.startsWith(FileStores.URL_PREFIX) ? FileStores.open(settings) : JdbcStores.open(settings);
    }

    private static void complete(IdempotencyStore store, String key) {
        long token = store.claim(new ClaimRequest("s", key, "e", "fp", "burst", "r", Duration.ofSeconds(30),
                Duration.ofHours(24))).record().fencingToken();
        store.complete("s", key, token, new StoredResponse(201, Map.of("Content-Type", List.of("application/json")),
                ANSWER, true), Duration.ofHours(24));
    }

    private static Object fileKey(Path file) throws java.io.IOException {
        return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
    }
}
