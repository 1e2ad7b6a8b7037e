package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.StoreUnavailableException;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store's file as it is now: open, or closed by MVStore after a write it could not make (a
 * full disk). The writer then opens it again before its next batch, so the store serves again as
 * soon as the disk has room, without a restart; the reads meanwhile fail as the store being
 * unavailable. Reopened and read only through {@link SingleWriter}'s thread and readers' volatile reads.
 */
final class OpenFile implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OpenFile.class);

    private final Path path;
    private volatile RecordFile current;
    private volatile boolean closed;

    private OpenFile(Path path, RecordFile current) {
        this.path = path;
        this.current = current;
    }

    /** Opens {@code path} now: a file that cannot be opened fails the store's opening. */
    static OpenFile open(Path path) {
        return new OpenFile(path, RecordFile.open(path));
    }

    Path path() {
        return path;
    }

    /** The file for a read. @throws StoreUnavailableException while it is closed after a failed write */
    RecordFile forReading() {
        RecordFile file = current;
        if (file == null || file.isClosed()) {
            throw new StoreUnavailableException("the store file " + path + " is closed after a failed write; "
                    + "the next write opens it again", null);
        }
        return file;
    }

    /** The file, maybe closed; null after a reopening failed. */
    RecordFile current() {
        return current;
    }

    /** The file for the writer: opened again if a failed write closed it. */
    RecordFile usable() {
        if (closed) {
            throw new StoreUnavailableException("the store is closed", null);
        }
        RecordFile file = current;
        if (file != null && !file.isClosed()) {
            return file;
        }
        if (file != null) {
            file.close();
        }
        current = null;
        try {
            current = RecordFile.open(path);
        } catch (RuntimeException e) {
            throw new StoreUnavailableException("the store file " + path + " cannot be opened again: " + e, e);
        }
        LOG.info("Idempotency store file {} opened again after a failed write", path);
        return current;
    }

    /** A write to {@code file} failed: MVStore has closed it, or is told to now. */
    void failed(RecordFile file, RuntimeException cause) {
        if (!file.isClosed()) {
            file.mvStore().closeImmediately();
        }
        LOG.debug("Idempotency store file {} closed after a failed write: {}", path, cause.toString());
    }

    @Override
    public void close() {
        closed = true;
        RecordFile file = current;
        if (file != null) {
            file.close();
        }
    }
}
