package dev.idempotency.agent.tooling.jdk;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.idempotency.agent.tooling.AdviceRule;
import dev.idempotency.agent.tooling.GroupRole;
import dev.idempotency.agent.tooling.InstrumentationEvents;
import dev.idempotency.agent.tooling.JvmModules;
import dev.idempotency.agent.tooling.MethodAdvice;
import java.lang.instrument.Instrumentation;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The JDK's hand-offs of work to other threads, for {@code propagate-key}: a call made on another
 * thread for a protected execution carries the execution's derived key as one made on its own.
 * What is handed off keeps the handing thread's keys: a {@code FutureTask} ({@code ExecutorService.submit},
 * Spring's {@code @Async} and {@code TaskExecutor}), {@code CompletableFuture.supplyAsync} and
 * {@code runAsync}, a plain runnable given to {@code ThreadPoolExecutor.execute} or to a
 * {@code ForkJoinPool}, and a {@code Thread} started with a runnable. One group,
 * {@code jdk-hand-offs}, installed with the JDK's clients.
 *
 * <p>A pool's worker thread, started by whichever thread submitted first, takes no keys from it:
 * each task brings its own. Threads named in {@code instrumentation.unkeyed-threads} run handed-off
 * work without keys and report its unsafe calls ({@code HandOffs.unkeyedOn}).
 *
 * <p>Not followed: a {@code Thread} subclass that overrides {@code run}, the later stages of a
 * {@code CompletableFuture} ({@code thenApplyAsync}), {@code ScheduledExecutorService} and
 * executors that are not the JDK's (an event loop): calls made there carry no key.
 */
public final class JdkHandOffs {

    static final String FUTURE_TASK = "java.util.concurrent.FutureTask";
    static final String ASYNC_SUPPLY = "java.util.concurrent.CompletableFuture$AsyncSupply";
    static final String ASYNC_RUN = "java.util.concurrent.CompletableFuture$AsyncRun";
    static final String THREAD_POOL = "java.util.concurrent.ThreadPoolExecutor";
    static final String FORK_JOIN_POOL = "java.util.concurrent.ForkJoinPool";
    static final String THREAD = "java.lang.Thread";

    private static final String ADVICE = HandOffAdvice.class.getName() + "$";

    private JdkHandOffs() {
    }

    /** Installs the group unless {@code disabledGroups} names it; returns the classes it advises, by binary name. */
    public static Set<String> install(Instrumentation instrumentation, Collection<String> disabledGroups,
            InstrumentationEvents events) {
        if (disabledGroups.contains(JdkGroups.JDK_HAND_OFFS.name())) {
            return Collections.emptySet();
        }
        List<AdviceRule> rules = Arrays.asList(
                rule(FUTURE_TASK, new MethodAdvice(isConstructor(), ADVICE + "FutureTaskCreated")),
                rule(ASYNC_SUPPLY, new MethodAdvice(isConstructor(), ADVICE + "AsyncSupplyCreated")),
                rule(ASYNC_RUN, new MethodAdvice(isConstructor(), ADVICE + "AsyncRunCreated")),
                rule(THREAD_POOL, new MethodAdvice(named("execute").and(takesArguments(Runnable.class)),
                        ADVICE + "Executed"), new MethodAdvice(named("runWorker").and(takesArguments(1)),
                        ADVICE + "WorkerRuns")),
                rule(FORK_JOIN_POOL, new MethodAdvice(namedOneOf("execute", "submit").and(isPublic())
                        .and(takesArguments(Runnable.class)), ADVICE + "Executed"),
                        new MethodAdvice(named("submit").and(takesArguments(1))
                                .and(takesArgument(0, named("java.util.concurrent.Callable"))), ADVICE + "CallableSubmitted")),
                rule(THREAD, new MethodAdvice(named("start").and(takesArguments(0)), ADVICE + "ThreadStarted"),
                        new MethodAdvice(named("run").and(takesArguments(0)), ADVICE + "ThreadRuns")));
        JvmModules.ofThisJvm().readBridge(instrumentation, "java.base");
        return JdkClassAdvice.install(instrumentation, rules, Arrays.asList(FUTURE_TASK, ASYNC_SUPPLY, ASYNC_RUN,
                THREAD_POOL, FORK_JOIN_POOL, THREAD), events, "work handed off there carries no derived keys");
    }

    private static AdviceRule rule(String className, MethodAdvice... advice) {
        return AdviceRule.ofAgentAdvice(named(className), JdkClients.bootstrapLoader(), GroupRole.DOWNSTREAM_CLIENT,
                Arrays.asList(advice), JdkGroups.JDK_HAND_OFFS.name());
    }
}
