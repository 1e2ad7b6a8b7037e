package dev.idempotency.agent.clients.apache5;

import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.HttpHost;

/**
 * Inlined into {@code doExecute(HttpHost, ClassicHttpRequest, HttpContext)} of the classic clients
 * ({@code InternalHttpClient}, {@code MinimalHttpClient}), which each call of the application
 * passes once. The client copies the application's request into its execution chain, and copies it
 * again for each of its own retries: the header is put on the application's request for the length
 * of the call, so every copy carries the one key, and taken off when the call returns or throws,
 * so the application's request is left as it made it (sent again, it is another call).
 */
public final class DoExecuteAdvice {

    private DoExecuteAdvice() {
    }

    /** The headers put on the request, or {@code null}. */
    @Advice.OnMethodEnter(suppress = Throwable.class)
    public static String[] enter(@Advice.Argument(0) HttpHost target, @Advice.Argument(1) ClassicHttpRequest request) {
        return ClassicRequests.key(target, request);
    }

    @Advice.OnMethodExit(onThrowable = Throwable.class, suppress = Throwable.class)
    public static void exit(@Advice.Argument(1) ClassicHttpRequest request, @Advice.Enter String[] headers) {
        ClassicRequests.unkey(request, headers);
    }
}
