package dev.idempotency.agent.store.jdbc;

import static dev.idempotency.agent.store.jdbc.VolumeConsole.say;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.mvstore.FileStoreProbe;
import dev.idempotency.agent.vocabulary.StoreSettings;

/**
 * The live records a TTL of steady traffic leaves, for the file store's churn to start where such
 * a service runs ({@code --churn-prefill true}) instead of from an empty file: a day's TTL at 100
 * new keys a second is 8.64 million records, which no run could write key by key through the
 * store. They are written straight into the store's file, expiries spread evenly over the TTL
 * (the earliest due now), in chunks as an import writes them ({@link FileStoreProbe#prefill}).
 */
final class VolumePrefill {

    private VolumePrefill() {
    }

    /** The file store at {@code options.url}, opened on the live records of a TTL (see {@link FileStoreProbe#open}). */
    static IdempotencyStore openFilled(StoreSettings settings, VolumeOptions options, StoredResponse[] responses,
            int retentionMillis) {
        long started = System.nanoTime();
        long written = FileStoreProbe.prefill(options.url, options.churnLive, options.churnTtl, responses);
        IdempotencyStore file = FileStoreProbe.open(settings, retentionMillis);
        say("prefill: %,d live records expiring evenly over %d s, written in %.0f s: %,d bytes on disk",
                written, options.churnTtl.toSeconds(), (System.nanoTime() - started) / 1e9,
                file.footprint().bytesOnDisk());
        return file;
    }
}
