package dev.idempotency.agent.clients.springweb;

import net.bytebuddy.asm.Advice;
import org.springframework.http.client.AbstractClientHttpRequest;

/**
 * Inlined into {@code AbstractClientHttpRequest.execute()}, which every request of
 * {@code RestTemplate} and {@code RestClient} passes once, on the calling thread, whatever factory
 * made it, while its headers can still be changed. A request an interceptor wraps passes twice; the
 * second finds the header set and is left alone.
 */
public final class ExecuteAdvice {

    private ExecuteAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    public static void enter(@Advice.This AbstractClientHttpRequest request) {
        SpringRequests.key(request);
    }
}
