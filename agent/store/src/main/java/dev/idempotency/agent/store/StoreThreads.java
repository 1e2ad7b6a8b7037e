package dev.idempotency.agent.store;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.security.AccessController;
import java.security.PrivilegedAction;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Makes the store's daemon threads (its opening, the pool's housekeeping, the group commit, the
 * lease keeper) so that none keeps an application's class loader. A new thread takes from the
 * thread that creates it a context class loader, the protection domains of the classes on its
 * stack (its inherited access control context, before Java 24), and the values of its inheritable
 * thread locals; each of those can hold the loader of a web application. Store threads are created
 * on request threads too (HikariCP adds a connection when a request waits for one; an executor
 * whose thread ended when idle makes a new one for the next task), and such a thread would keep
 * the application that happened to call, after it was undeployed, for as long as the thread lives.
 * So every thread made here has no context class loader, an access control context of the agent's
 * own code only, and no inherited thread locals (Java 9 on: Java 8 has no way to refuse them).
 */
public final class StoreThreads implements ThreadFactory {

    /** {@code Thread(ThreadGroup, Runnable, String, long, boolean inheritThreadLocals)}, Java 9 on; {@code null} on Java 8. */
    private static final Constructor<Thread> WITHOUT_INHERITED_LOCALS = withoutInheritedLocals();

    private final String name;
    private final boolean numbered;
    private final AtomicInteger created = new AtomicInteger();

    private StoreThreads(String name, boolean numbered) {
        this.name = name;
        this.numbered = numbered;
    }

    /** Every thread named {@code name}: for an executor of one thread. */
    public static StoreThreads named(String name) {
        return new StoreThreads(name, false);
    }

    /** Threads named {@code prefix-1}, {@code prefix-2}, ...: for a pool's threads. */
    public static StoreThreads numbered(String prefix) {
        return new StoreThreads(prefix, true);
    }

    /** A daemon thread, not started, that pins no caller's class loader. */
    @Override
    public Thread newThread(Runnable task) {
        String threadName = numbered ? name + "-" + created.incrementAndGet() : name;
        // Privileged: the new thread's access control context is this class's, not the caller's stack.
        return AccessController.doPrivileged((PrivilegedAction<Thread>) () -> {
            Thread thread = newThread(task, threadName);
            thread.setDaemon(true);
            thread.setContextClassLoader(null);
            return thread;
        });
    }

    /** Starts {@code task} on a new thread. */
    public Thread start(Runnable task) {
        Thread thread = newThread(task);
        thread.start();
        return thread;
    }

    private static Thread newThread(Runnable task, String threadName) {
        if (WITHOUT_INHERITED_LOCALS == null) {
            return new Thread(null, task, threadName, 0);
        }
        try {
            return WITHOUT_INHERITED_LOCALS.newInstance(null, task, threadName, 0L, false);
        } catch (InvocationTargetException failed) {
            throw new IllegalStateException("cannot make thread " + threadName, failed.getCause());
        } catch (ReflectiveOperationException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static Constructor<Thread> withoutInheritedLocals() {
        try {
            return Thread.class.getConstructor(ThreadGroup.class, Runnable.class, String.class, long.class, boolean.class);
        } catch (NoSuchMethodException java8) {
            return null;
        }
    }
}
