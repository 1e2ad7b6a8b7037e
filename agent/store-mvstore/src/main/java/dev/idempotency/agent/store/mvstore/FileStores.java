package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVStoreException;

/**
 * Opens the embedded file store named by a {@code mvstore:<path>} URL: the records are in
 * {@code <path>.mvstore}, a file of H2's MVStore with no SQL engine, JDBC driver or pool in front
 * of it. One process opens the file at a time.
 */
public final class FileStores {

    public static final String URL_PREFIX = StoreSettings.FILE_STORE_PREFIX;
    /** What the file's name adds to the URL's path. */
    public static final String FILE_SUFFIX = ".mvstore";
    /** The store's kind, as the agent's start-up line and status name it. */
    public static final String KIND = "mvstore";

    private FileStores() {
    }

    /** True when {@code url} names a file of this store. */
    public static boolean handles(String url) {
        return url.startsWith(URL_PREFIX);
    }

    /** The path the URL names, before {@link #FILE_SUFFIX}; {@code ~} at its start is the user's home. */
    static Path basePath(String url) {
        String path = url.substring(URL_PREFIX.length());
        if (path.isEmpty() || path.indexOf(';') >= 0 || path.indexOf('?') >= 0) {
            throw new IllegalArgumentException("store URL '" + url + "' must be " + URL_PREFIX
                    + "<path>, a path without options (the file is <path>" + FILE_SUFFIX + ")");
        }
        if (path.startsWith("~")) {
            path = System.getProperty("user.home") + path.substring(1);
        }
        return Paths.get(path);
    }

    /** The file the URL names. */
    public static Path storeFile(String url) {
        return SqlFileImport.sibling(basePath(url), FILE_SUFFIX);
    }

    /** True when {@code failure} (or a cause of it) says the store file is held by another process. */
    public static boolean lockedByAnother(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof MVStoreException
                    && ((MVStoreException) cause).getErrorCode() == DataUtils.ERROR_FILE_LOCKED) {
                return true;
            }
        }
        return false;
    }

    /**
     * Fails now for a URL this store cannot open, without touching the disk.
     *
     * @return {@link #KIND}
     */
    public static String checkUrl(String url) {
        storeFile(url);
        return KIND;
    }

    /**
     * Opens the store, creating its file (and directory) if absent; a file the SQL store left at
     * the same path ({@code <path>.mv.db}) is imported first ({@link SqlFileImport}). A change waits for the writer
     * at most the connect and statement timeouts together, as a JDBC store's change waits for a
     * connection and its statement.
     *
     * @throws IllegalStateException when the file cannot be opened (locked by another process, damaged)
     */
    public static IdempotencyStore open(StoreSettings settings) {
        return open(settings, SingleWriter.HOLD_BEHIND_MILLIS);
    }

    /** {@link #open(StoreSettings)} with the writer holding outcomes up to {@code holdMillis} for a claim (for benchmarks). */
    static IdempotencyStore open(StoreSettings settings, long holdMillis) {
        Path file = storeFile(settings.url());
        try {
            Path directory = file.toAbsolutePath().getParent();
            if (directory != null) {
                Files.createDirectories(directory);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the directory of the store file " + file, e);
        }
        SqlFileImport.importIfPresent(basePath(settings.url()), file, settings);
        long waitMillis = settings.connectTimeout().plus(settings.statementTimeout()).toMillis();
        OpenFile opened = OpenFile.open(file);
        return new FileRecordStore(opened, new SingleWriter(opened, waitMillis, holdMillis));
    }
}
