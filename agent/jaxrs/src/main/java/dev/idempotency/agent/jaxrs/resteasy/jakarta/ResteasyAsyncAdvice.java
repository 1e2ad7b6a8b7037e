package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import net.bytebuddy.asm.Advice;
import org.jboss.resteasy.spi.HttpRequest;

/**
 * Inlined into RESTEasy's {@code AbstractAsynchronousResponse.completionCallbacks(Throwable)},
 * which runs once the resumed (or timed out, or cancelled) response has been written. Watching it
 * here rather than registering a {@code CompletionCallback} after the method returns leaves no
 * window for a resume that finishes first.
 */
public final class ResteasyAsyncAdvice {

    private ResteasyAsyncAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    public static void exit(@Advice.FieldValue("request") HttpRequest request, @Advice.Argument(0) Throwable failure) {
        ResteasyExchange.asyncCompleted(request, failure);
    }
}
