package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import java.util.function.Consumer;
import net.bytebuddy.asm.Advice;
import org.jboss.resteasy.spi.HttpRequest;

/**
 * Inlined into RESTEasy's {@code ServerResponseWriter.writeNomapResponse(BuiltResponse, HttpRequest,
 * HttpResponse, ResteasyProviderFactory, Consumer, boolean)}, through which every response is
 * written: returned, resumed from an {@code AsyncResponse}, or mapped from an exception. Its
 * completion callback runs once the entity is written, on whatever thread writes it (RESTEasy
 * turns even synchronous requests asynchronous on Netty's I/O threads), so the exchange finishes there.
 */
public final class ResteasyWriteAdvice {

    private ResteasyWriteAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    public static void enter(@Advice.Argument(1) HttpRequest request,
            @Advice.Argument(value = 4, readOnly = false) Consumer<Throwable> onComplete) {
        onComplete = ResteasyExchange.finishingWhenWritten(request, onComplete);
    }
}
