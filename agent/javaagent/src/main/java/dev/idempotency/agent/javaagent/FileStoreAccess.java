package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.management.FileStoreAccessMXBean;
import dev.idempotency.agent.management.RecordData;
import dev.idempotency.agent.management.ResponseData;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreUnavailableException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** The running service's file store, for the operator's commands: see {@link FileStoreAccessMXBean}. */
final class FileStoreAccess implements FileStoreAccessMXBean {

    private final IdempotencyStore store;
    private final String storeFile;
    /** Null until the note beside the store file is written: until then every call is refused. */
    private volatile byte[] secret;

    FileStoreAccess(IdempotencyStore store, String storeFile) {
        this.store = store;
        this.storeFile = storeFile;
    }

    /** From now on, calls that show {@code secret} (the note's) are served. */
    void allow(String secret) {
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public int getProtocol() {
        return PROTOCOL;
    }

    @Override
    public String getStoreFile() {
        return storeFile;
    }

    @Override
    public RecordData find(String secret, String scope, String key) throws IOException {
        return call(secret, () -> store.find(scope, key).map(RecordData::of).orElse(null));
    }

    @Override
    public List<RecordData> list(String secret, RecordState state, long olderThanMillis, int limit)
            throws IOException {
        return call(secret, () -> store.list(state, Duration.ofMillis(olderThanMillis), limit).stream()
                .map(RecordData::of).collect(Collectors.toList()));
    }

    @Override
    public boolean resolveRelease(String secret, String scope, String key, long expectedToken, boolean force)
            throws IOException {
        return call(secret, () -> store.resolveRelease(scope, key, expectedToken, force));
    }

    @Override
    public boolean resolveComplete(String secret, String scope, String key, long expectedToken,
            ResponseData response, long ttlMillis, boolean force) throws IOException {
        return call(secret, () -> store.resolveComplete(scope, key, expectedToken, response.stored(),
                Duration.ofMillis(ttlMillis), force));
    }

    @Override
    public int countExpired(String secret) throws IOException {
        return call(secret, store::countExpired);
    }

    @Override
    public int purgeExpired(String secret, int batchSize) throws IOException {
        return call(secret, () -> store.purgeExpired(batchSize));
    }

    /**
     * Runs {@code work} for a caller that showed the secret; a store that is unavailable is said as
     * an {@link IOException} (a JDK type: the caller need not load the agent's exception classes).
     */
    private <T> T call(String shown, Callable<T> work) throws IOException {
        byte[] expected = secret;
        if (expected == null || shown == null
                || !MessageDigest.isEqual(expected, shown.getBytes(StandardCharsets.UTF_8))) {
            throw new SecurityException("refused: not the secret of the note beside " + storeFile
                    + (expected == null ? " (the note is written once the store is open)" : ""));
        }
        try {
            return work.call();
        } catch (StoreUnavailableException e) {
            throw new IOException(e.getMessage());
        } catch (RuntimeException e) {
            throw new IllegalStateException(e.toString());
        } catch (Exception e) {
            throw new IllegalStateException(e.toString());
        }
    }
}
