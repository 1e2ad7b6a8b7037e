package dev.idempotency.agent.store;

import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.file.Path;
import java.util.List;

/**
 * One kind of store, as the agent and its operator commands meet it: which URLs it takes, how it
 * opens for the service and for an operator, and what it tells an operator when that fails. Each
 * store module registers one ({@code META-INF/services/dev.idempotency.agent.store.StoreProvider});
 * nothing outside the module knows the kind. Found by {@link StoreProviders}.
 */
public interface StoreProvider {

    /** Whether {@code url} names a store of this kind; looks at the text only. */
    boolean handles(String url);

    /** Example URLs of this kind, for the message that lists what the agent accepts. */
    List<String> urlForms();

    /**
     * Checks a URL this provider handles without touching a disk, a network or a driver.
     *
     * @return the kind's short name, as the start-up line and {@code status} say it ("postgresql")
     * @throws IllegalArgumentException saying what is wrong and what would be accepted
     */
    String checkUrl(String url);

    /** Opens the store for the service, creating what is absent (a table, a file). */
    IdempotencyStore open(StoreSettings settings);

    /**
     * Opens the store for an operator's command. Never creates an empty one: run from the wrong
     * directory, a command would report "no record" for keys that exist in the service's store.
     */
    IdempotencyStore openExisting(StoreSettings settings);

    /** What an operator whose command failed with {@code failure} should do, on lines of its own; "" when nothing. */
    default String operatorHint(Throwable failure) {
        return "";
    }

    /**
     * The file the records are in, for a store that one process holds at a time: the service that
     * holds it notes itself beside it ({@code held.HolderFile}) and lets operator commands work
     * through it. {@code null} for a store several processes share.
     */
    default Path heldFile(String url) {
        return null;
    }

    /**
     * Whether the store runs inside this JVM (an embedded file): the agent then closes it itself at
     * a stop, once the outcomes queued behind their answers are written, so that the file ends
     * closed (and compacted, where the kind does that on close) rather than as after a killed
     * process. A store on a server outlives the JVM and is left to the JVM's exit.
     */
    default boolean inThisProcess(String url) {
        return heldFile(url) != null;
    }

    /** Whether {@code failure} (or a cause of it) says that another process holds {@link #heldFile}. */
    default boolean heldByAnother(Throwable failure) {
        return false;
    }
}
