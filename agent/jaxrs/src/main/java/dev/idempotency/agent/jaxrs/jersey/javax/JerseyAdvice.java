package dev.idempotency.agent.jaxrs.jersey.javax;

import net.bytebuddy.asm.Advice;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.internal.process.RequestProcessingContext;
import org.glassfish.jersey.server.model.ResourceMethodInvoker;

/**
 * Inlined into Jersey's {@code ResourceMethodInvoker.apply(RequestProcessingContext)}: the runtime
 * has matched the resource method and run the request filters, the method has not run yet. An
 * answer of the agent's own (replay, refusal) is returned in place of the method's response, so
 * it still goes through Jersey's response filters and writers. When no answer could be built, an
 * exception is thrown in the method's place, which Jersey answers with a 500: the method never
 * runs instead of an answer the agent decided on.
 */
public final class JerseyAdvice {

    private JerseyAdvice() {
    }

    /** The agent's {@code ContainerResponse}, a {@code RuntimeException} to throw instead, or {@code null}: run the method. */
    @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = Advice.OnNonDefaultValue.class)
    public static Object enter(@Advice.This ResourceMethodInvoker invoker,
            @Advice.Argument(0) RequestProcessingContext context) {
        return JerseyExchange.begin(invoker, context);
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    public static void exit(@Advice.Enter Object answer,
            @Advice.Return(readOnly = false) ContainerResponse response,
            @Advice.Thrown(readOnly = false) Throwable thrown) {
        if (answer instanceof ContainerResponse) {
            response = (ContainerResponse) answer;
        } else if (answer instanceof RuntimeException) {
            thrown = (RuntimeException) answer;
        }
    }
}
