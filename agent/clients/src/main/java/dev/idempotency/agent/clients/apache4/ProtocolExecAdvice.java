package dev.idempotency.agent.clients.apache4;

import net.bytebuddy.asm.Advice;
import org.apache.http.client.methods.HttpRequestWrapper;
import org.apache.http.conn.routing.HttpRoute;

/**
 * Inlined into {@code org.apache.http.impl.execchain.ProtocolExec.execute(HttpRoute,
 * HttpRequestWrapper, HttpClientContext, HttpExecutionAware)}, the step of every client
 * {@code HttpClientBuilder} builds (4.3 on) that each call passes once, with the wrapper the client
 * made of the application's request: keying the wrapper leaves the application's own request as
 * it was. A retry of the call passes again with the same wrapper, finds the header, and is not
 * counted again.
 */
public final class ProtocolExecAdvice {

    private ProtocolExecAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    public static void enter(@Advice.Argument(0) HttpRoute route, @Advice.Argument(1) HttpRequestWrapper request) {
        ApacheRequests.key(route, request);
    }
}
