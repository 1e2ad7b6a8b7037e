package dev.idempotency.agent.store.jdbc.h2;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import dev.idempotency.agent.store.StoreUnavailableException;

/**
 * One write queued for the {@link GroupCommitWriter}. Either the writer starts it or it is
 * withdrawn (caller gave up, store closed), never both: a withdrawn write never reaches the
 * database, so its caller may report it as not done.
 */
final class PendingWrite<T> {

    /** The statements of one write, run on the writer's connection inside the batch transaction. */
    interface Work<T> {
        T apply(Connection connection) throws SQLException;
    }

    private static final int QUEUED = 0;
    private static final int STARTED = 1;
    private static final int WITHDRAWN = 2;

    final String operation;
    private final Work<T> work;
    private final AtomicInteger state = new AtomicInteger(QUEUED);
    private final CompletableFuture<T> outcome = new CompletableFuture<>();
    /** Held between running the work and the commit that makes it durable. */
    private T result;

    PendingWrite(String operation, Work<T> work) {
        this.operation = operation;
        this.work = work;
    }

    /** Called by the writer: true when this write is its to run. */
    boolean start() {
        return state.compareAndSet(QUEUED, STARTED);
    }

    /** True when the write will never run (it had not started). */
    boolean withdraw() {
        return state.compareAndSet(QUEUED, WITHDRAWN);
    }

    void run(Connection connection) throws SQLException {
        result = work.apply(connection);
    }

    /** The batch holding this write is committed: its caller may go on. */
    void committed() {
        outcome.complete(result);
    }

    void failed(Throwable cause) {
        outcome.completeExceptionally(cause);
    }

    /** Hears once whether the write committed ({@code true}) or failed or was withdrawn ({@code false}). */
    void whenDone(Consumer<Boolean> done) {
        outcome.whenComplete((result, failure) -> done.accept(failure == null));
    }

    /**
     * Waits for the commit that contains this write.
     *
     * @throws StoreUnavailableException when the write failed, or the commit did not come in time
     */
    T await(long timeoutMillis, String description) {
        try {
            return outcome.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof StoreUnavailableException) {
                throw (StoreUnavailableException) cause;
            }
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new StoreUnavailableException(description + ": " + operation + " failed: " + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            // Withdrawn, it will never be applied; started, its outcome is as unknown as after a socket timeout.
            String fate = withdraw() ? "not applied" : "outcome unknown";
            throw new StoreUnavailableException(description + ": " + operation + " not committed within "
                    + timeoutMillis + " ms (" + fate + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            String fate = withdraw() ? "not applied" : "outcome unknown";
            throw new StoreUnavailableException(description + ": " + operation + " interrupted (" + fate + ")", e);
        }
    }
}
