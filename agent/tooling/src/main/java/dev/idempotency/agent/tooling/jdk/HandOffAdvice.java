package dev.idempotency.agent.tooling.jdk;

import dev.idempotency.agent.bootstrap.downstream.HandOffs;
import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into the JDK's hand-offs of work to other threads ({@link JdkHandOffs}): where the work is
 * created or handed over, it keeps the handing thread's downstream keys; where it runs, they are
 * entered. JDK types and the bridge only.
 */
final class HandOffAdvice {

    private HandOffAdvice() {
    }

    /** {@code FutureTask}'s constructors (what {@code ExecutorService.submit} makes): its callable keeps the keys. */
    static final class FutureTaskCreated {

        private FutureTaskCreated() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue(value = "callable", readOnly = false) Callable<?> callable) {
            callable = HandOffs.wrap(callable);
        }
    }

    /** {@code CompletableFuture.AsyncSupply}'s constructor ({@code supplyAsync}): its supplier keeps the keys. */
    static final class AsyncSupplyCreated {

        private AsyncSupplyCreated() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue(value = "fn", readOnly = false) Supplier<?> fn) {
            fn = HandOffs.wrap(fn);
        }
    }

    /** {@code CompletableFuture.AsyncRun}'s constructor ({@code runAsync}): its runnable keeps the keys. */
    static final class AsyncRunCreated {

        private AsyncRunCreated() {
        }

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue(value = "fn", readOnly = false) Runnable fn) {
            fn = HandOffs.wrap(fn);
        }
    }

    /** {@code execute(Runnable)} of {@code ThreadPoolExecutor} and {@code ForkJoinPool}: a plain runnable keeps the keys. */
    static final class Executed {

        private Executed() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(value = 0, readOnly = false) Runnable task) {
            task = HandOffs.executed(task);
        }
    }

    /** {@code ThreadPoolExecutor.runWorker}: a worker takes no context from the thread that happened to start it. */
    static final class WorkerRuns {

        private WorkerRuns() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            HandOffs.workerRuns();
        }
    }

    /** {@code ForkJoinPool.submit(Callable)}: the callable keeps the keys. */
    static final class CallableSubmitted {

        private CallableSubmitted() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(value = 0, readOnly = false) Callable<?> task) {
            task = HandOffs.wrap(task);
        }
    }

    /** {@code Thread.start()}: the new thread runs with the starting thread's keys. */
    static final class ThreadStarted {

        private ThreadStarted() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.This Thread thread) {
            HandOffs.starting(thread);
        }
    }

    /** {@code Thread.run()}, the JDK's own (a thread given a runnable): the keys it was started with, while it runs. */
    static final class ThreadRuns {

        private ThreadRuns() {
        }

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static OutgoingKeys enter() {
            return HandOffs.running();
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Enter OutgoingKeys keys) {
            HandOffs.ran(keys);
        }
    }
}
