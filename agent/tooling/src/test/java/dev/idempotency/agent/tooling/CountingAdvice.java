package dev.idempotency.agent.tooling;

import java.util.concurrent.atomic.AtomicInteger;
import net.bytebuddy.asm.Advice;

/** Counts the calls of the methods it is laid into: a test reads the difference around one call. */
public class CountingAdvice {
    public static final AtomicInteger CALLS = new AtomicInteger();

    @Advice.OnMethodEnter
    static void enter() {
        CALLS.incrementAndGet();
    }
}
