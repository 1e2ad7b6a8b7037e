package dev.idempotency.agent.jaxrs.jersey.javax;

import net.bytebuddy.asm.Advice;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.internal.process.RequestProcessingContext;
import org.glassfish.jersey.server.model.ResourceMethodInvoker;

/**
 * Inlined into Jersey's {@code ResourceMethodInvoker.apply(RequestProcessingContext)}: the runtime
 * has matched the resource method and run the request filters, the method has not run yet. An
 * answer of the agent's own (replay, refusal) is returned in place of the method's response, so
 * it still goes through Jersey's response filters and writers.
 */
public final class JerseyAdvice {

    private JerseyAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = Advice.OnNonDefaultValue.class)
    public static ContainerResponse enter(@Advice.This ResourceMethodInvoker invoker,
            @Advice.Argument(0) RequestProcessingContext context) {
        return JerseyExchange.begin(invoker, context);
    }

    @Advice.OnMethodExit(suppress = Throwable.class)
    public static void exit(@Advice.Enter ContainerResponse answer,
            @Advice.Return(readOnly = false) ContainerResponse response) {
        if (answer != null) {
            response = answer;
        }
    }
}
