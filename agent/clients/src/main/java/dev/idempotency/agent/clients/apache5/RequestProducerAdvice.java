package dev.idempotency.agent.clients.apache5;

import net.bytebuddy.asm.Advice;
import org.apache.hc.core5.http.HttpRequest;

/**
 * Inlined into the constructor of HttpCore 5's {@code BasicRequestProducer(HttpRequest,
 * AsyncEntityProducer)}: what Apache HttpClient 5's async clients send a request through
 * ({@code SimpleRequestProducer} for {@code execute(SimpleHttpRequest, ...)},
 * {@code AsyncRequestBuilder.build()}), made on the thread that calls the client, before the
 * client has the request. The request keeps its key for the one call it is produced for.
 */
public final class RequestProducerAdvice {

    private RequestProducerAdvice() {
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    public static void exit(@Advice.Argument(0) HttpRequest request) {
        ClassicRequests.key(null, request);
    }
}
