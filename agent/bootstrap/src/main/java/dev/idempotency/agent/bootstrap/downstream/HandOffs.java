package dev.idempotency.agent.bootstrap.downstream;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * Work an execution hands to another thread keeps the execution's {@link OutgoingKeys}: captured
 * where the work is handed off (a task created or submitted, a thread started, on the thread the
 * execution runs on) and entered on the thread that runs it, for as long as it runs. Called by the
 * advice in the JDK's {@code FutureTask}, {@code CompletableFuture}'s async tasks,
 * {@code ThreadPoolExecutor}, {@code ForkJoinPool} and {@code Thread}; free where no execution is
 * entered on the handing thread (the work is passed on as it is). The keys answer nothing once
 * their execution has ended, so work that outlives it sends no stale key.
 */
public final class HandOffs {

    /** Threads started while an execution was entered, until they run: weak, a thread may never run. */
    private static final Map<Thread, OutgoingKeys> STARTED = Collections.synchronizedMap(new WeakHashMap<>());
    private static volatile boolean anyStarted;
    /** Name prefixes of the threads whose work is not followed ({@code instrumentation.unkeyed-threads}). */
    private static volatile String[] unkeyedThreads = new String[0];

    private HandOffs() {
    }

    /**
     * Threads whose names start with one of {@code prefixes} run the work handed to them without the
     * handing execution's keys; their unsafe calls are reported instead. Set once, at start.
     */
    public static void unkeyedOn(String... prefixes) {
        unkeyedThreads = prefixes.clone();
    }

    /**
     * The current thread is a {@code ThreadPoolExecutor}'s worker about to take tasks: whatever it
     * inherited from the thread that started it (the first task's submitter, perhaps a protected
     * execution) is no context of the tasks it will run, each of which brings its own.
     */
    public static void workerRuns() {
        DownstreamCalls.leaveAny();
    }

    /** {@code task}, or one that runs it with the current thread's keys entered. */
    public static Runnable wrap(Runnable task) {
        OutgoingKeys keys = DownstreamCalls.current();
        return keys == null || task == null || task instanceof Keyed ? task : new KeyedRunnable(task, keys);
    }

    /** {@code task}, or one that calls it with the current thread's keys entered. */
    public static <T> Callable<T> wrap(Callable<T> task) {
        OutgoingKeys keys = DownstreamCalls.current();
        return keys == null || task == null || task instanceof Keyed ? task : new KeyedCallable<>(task, keys);
    }

    /** {@code task}, or one that gets from it with the current thread's keys entered. */
    public static <T> Supplier<T> wrap(Supplier<T> task) {
        OutgoingKeys keys = DownstreamCalls.current();
        return keys == null || task == null || task instanceof Keyed ? task : new KeyedSupplier<>(task, keys);
    }

    /**
     * A task given to an executor's {@code execute}: a {@code FutureTask} or {@code ForkJoinTask}
     * keeps its identity (the first carries the keys in its callable, the JDK's async tasks in their
     * function); any other runnable is wrapped.
     */
    public static Runnable executed(Runnable task) {
        return task instanceof FutureTask || task instanceof ForkJoinTask ? task : wrap(task);
    }

    /** {@code thread} is started by the current thread: it runs with the current thread's keys. */
    public static void starting(Thread thread) {
        OutgoingKeys keys = DownstreamCalls.current();
        if (keys != null) {
            anyStarted = true;
            STARTED.put(thread, keys);
        }
    }

    /** The current thread starts its {@code run}: the keys it was started with are entered; returns them, or {@code null}. */
    public static OutgoingKeys running() {
        if (!anyStarted) {
            return null;
        }
        OutgoingKeys keys = STARTED.remove(Thread.currentThread());
        if (keys != null) {
            keys = onThisThread(keys);
            DownstreamCalls.enter(keys);
        }
        return keys;
    }

    /** The current thread's {@code run} ends: the keys {@link #running()} entered are left. */
    public static void ran(OutgoingKeys keys) {
        if (keys != null) {
            DownstreamCalls.leave(keys);
        }
    }

    /** Enters {@code keys} on the current thread for a task; returns what it had entered before. */
    private static OutgoingKeys enterFor(OutgoingKeys keys) {
        OutgoingKeys before = DownstreamCalls.current();
        DownstreamCalls.enter(onThisThread(keys));
        return before;
    }

    /** After the task: the thread has what it had before ({@code before}, or nothing). */
    private static void restore(OutgoingKeys before) {
        if (before != null) {
            DownstreamCalls.enter(before);
        } else {
            DownstreamCalls.leaveAny();
        }
    }

    /** {@code keys}, or, on a thread named in {@code unkeyed-threads}, what reports its calls instead. */
    private static OutgoingKeys onThisThread(OutgoingKeys keys) {
        String[] prefixes = unkeyedThreads;
        if (prefixes.length == 0) {
            return keys;
        }
        String name = Thread.currentThread().getName();
        for (String prefix : prefixes) {
            if (name.startsWith(prefix)) {
                return new UnfollowedKeys(keys, name);
            }
        }
        return keys;
    }

    /** Marks the agent's wrappers, so a task is never wrapped twice. */
    private interface Keyed {
    }

    private static final class KeyedRunnable implements Runnable, Keyed {
        private final Runnable task;
        private final OutgoingKeys keys;

        KeyedRunnable(Runnable task, OutgoingKeys keys) {
            this.task = task;
            this.keys = keys;
        }

        @Override
        public void run() {
            OutgoingKeys before = enterFor(keys);
            try {
                task.run();
            } finally {
                restore(before);
            }
        }

        @Override
        public String toString() {
            return task.toString();
        }
    }

    private static final class KeyedCallable<T> implements Callable<T>, Keyed {
        private final Callable<T> task;
        private final OutgoingKeys keys;

        KeyedCallable(Callable<T> task, OutgoingKeys keys) {
            this.task = task;
            this.keys = keys;
        }

        @Override
        public T call() throws Exception {
            OutgoingKeys before = enterFor(keys);
            try {
                return task.call();
            } finally {
                restore(before);
            }
        }

        @Override
        public String toString() {
            return task.toString();
        }
    }

    private static final class KeyedSupplier<T> implements Supplier<T>, Keyed {
        private final Supplier<T> task;
        private final OutgoingKeys keys;

        KeyedSupplier(Supplier<T> task, OutgoingKeys keys) {
            this.task = task;
            this.keys = keys;
        }

        @Override
        public T get() {
            OutgoingKeys before = enterFor(keys);
            try {
                return task.get();
            } finally {
                restore(before);
            }
        }

        @Override
        public String toString() {
            return task.toString();
        }
    }
}
