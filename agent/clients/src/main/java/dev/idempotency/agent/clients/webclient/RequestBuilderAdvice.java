package dev.idempotency.agent.clients.webclient;

import net.bytebuddy.asm.Advice;
import org.springframework.web.reactive.function.client.ClientRequest;

/**
 * Inlined into {@code DefaultWebClient.DefaultRequestBodyUriSpec.initRequestBuilder()}: where each
 * {@code retrieve()} or {@code exchangeToMono()} makes the request's builder, once, on the thread
 * that calls it (not where the answer is later subscribed to). The builder keeps the key, so
 * resubscribing (a {@code retry()} of the reactive chain) sends the same request with the same key.
 */
public final class RequestBuilderAdvice {

    private RequestBuilderAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    public static void exit(@Advice.Return ClientRequest.Builder builder) {
        WebClientRequests.key(builder);
    }
}
