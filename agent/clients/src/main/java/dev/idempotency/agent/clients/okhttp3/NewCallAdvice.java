package dev.idempotency.agent.clients.okhttp3;

import net.bytebuddy.asm.Advice;
import okhttp3.Request;

/**
 * Inlined into {@code okhttp3.OkHttpClient.newCall(Request)}: the call is keyed when it is made,
 * on the thread that makes it, so a call made by the handler and then enqueued runs on OkHttp's
 * own threads with its key. {@code Request} is immutable: the call gets a copy with the header.
 * The client's own retries and a {@code clone()} of the call send the same request, so the same key.
 */
public final class NewCallAdvice {

    private NewCallAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    public static void enter(@Advice.Argument(value = 0, readOnly = false) Request request) {
        request = OkHttpRequests.keyed(request);
    }
}
