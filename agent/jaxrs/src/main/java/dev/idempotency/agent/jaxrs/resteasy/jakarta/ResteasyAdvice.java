package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import net.bytebuddy.asm.Advice;
import org.jboss.resteasy.spi.HttpRequest;
import org.jboss.resteasy.spi.HttpResponse;
import org.jboss.resteasy.spi.ResourceInvoker;

/**
 * Inlined into RESTEasy's {@code SynchronousDispatcher.invoke(HttpRequest, HttpResponse,
 * ResourceInvoker)}: the runtime has matched the resource method, which (with its request filters
 * and response writing) runs inside. The agent's own answer is written to the response and the
 * method skipped. The exchange finishes when its response has been written (see
 * {@link ResteasyWriteAdvice}), or on exit when an exception escapes the dispatcher.
 */
public final class ResteasyAdvice {

    private ResteasyAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = Advice.OnNonDefaultValue.class)
    public static boolean enter(@Advice.Argument(0) HttpRequest request, @Advice.Argument(1) HttpResponse response,
            @Advice.Argument(2) ResourceInvoker invoker, @Advice.Local("exchange") ResteasyExchange exchange) {
        exchange = ResteasyExchange.begin(request, response, invoker);
        return exchange != null && exchange.answered();
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    public static void exit(@Advice.Local("exchange") ResteasyExchange exchange, @Advice.Thrown Throwable thrown) {
        if (exchange != null) {
            exchange.end(thrown);
        }
    }
}
