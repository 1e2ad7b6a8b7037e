package dev.idempotency.agent.bootstrap;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs an action once the object it was registered for has become unreachable, or earlier when
 * {@link Cleanable#clean()} is called; at most once either way. It is what
 * {@code java.lang.ref.Cleaner} does, for Java 8, which has none. Each instance has one daemon
 * thread, made with the instance: the agent makes them at start, never on a request thread, since a
 * thread an application's request made would hold that application's loader.
 */
public final class DropCleaner {

    /** A registration: {@link #clean()} runs its action now, unless it already ran. */
    public interface Cleanable {
        void clean();
    }

    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    /** Keeps each registration reachable until its action ran: a collected reference is never enqueued. */
    private final Set<Registration> pending = ConcurrentHashMap.newKeySet();

    private DropCleaner() {
    }

    /** A cleaner whose actions run on a new daemon thread named {@code threadName}. */
    public static DropCleaner start(String threadName) {
        DropCleaner cleaner = new DropCleaner();
        Thread thread = new Thread(cleaner::runDropped, threadName);
        thread.setDaemon(true);
        thread.setContextClassLoader(null);
        thread.start();
        return cleaner;
    }

    /** {@code action} must not refer to {@code watched}, or {@code watched} never becomes unreachable. */
    public Cleanable register(Object watched, Runnable action) {
        Registration registration = new Registration(watched, action);
        pending.add(registration);
        return registration;
    }

    private void runDropped() {
        while (true) {
            try {
                ((Registration) queue.remove()).clean();
            } catch (InterruptedException stopped) {
                return;
            } catch (RuntimeException | Error ignored) {
                // as Cleaner does: an action's failure ends that action, never the thread
            }
        }
    }

    private final class Registration extends PhantomReference<Object> implements Cleanable {

        private final Runnable action;

        Registration(Object watched, Runnable action) {
            super(watched, queue);
            this.action = action;
        }

        @Override
        public void clean() {
            if (pending.remove(this)) {
                clear();
                action.run();
            }
        }
    }
}
