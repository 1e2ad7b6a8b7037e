package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.StoreProvider;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

/** The embedded file store, {@code mvstore:<path>}: one process holds its file at a time. */
public final class FileStoreProvider implements StoreProvider {

    @Override
    public boolean handles(String url) {
        return FileStores.handles(url);
    }

    @Override
    public List<String> urlForms() {
        return Collections.singletonList(FileStores.URL_PREFIX + "./idempotency-store/agent");
    }

    @Override
    public String checkUrl(String url) {
        return FileStores.checkUrl(url);
    }

    @Override
    public IdempotencyStore open(StoreSettings settings) {
        return FileStores.open(settings);
    }

    /** The counterpart of H2's {@code IFEXISTS}: only where a store file is. */
    @Override
    public IdempotencyStore openExisting(StoreSettings settings) {
        Path file = FileStores.storeFile(settings.url());
        if (!Files.exists(file)) {
            throw new IllegalStateException("store file not found: " + file.toAbsolutePath());
        }
        return FileStores.open(settings);
    }

    @Override
    public String operatorHint(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (String.valueOf(cause.getMessage()).startsWith("store file not found")) {
                return "\nRelative paths are resolved from the current directory: run the command in the service's "
                        + "working directory, or use an absolute path in store.url.";
            }
        }
        return "";
    }

    @Override
    public Path heldFile(String url) {
        return FileStores.storeFile(url);
    }

    @Override
    public boolean heldByAnother(Throwable failure) {
        return FileStores.lockedByAnother(failure);
    }
}
