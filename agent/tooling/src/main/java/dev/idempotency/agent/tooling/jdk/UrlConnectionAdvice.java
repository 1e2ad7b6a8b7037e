package dev.idempotency.agent.tooling.jdk;

import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import java.net.HttpURLConnection;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into {@code connect()}, {@code getOutputStream()} and {@code getInputStream()} of the
 * JDK's {@code sun.net.www.protocol.http.HttpURLConnection} (which HTTPS connections delegate to):
 * the first of them on a connection not yet connected is the last moment its request headers can
 * change. JDK types and the bridge only.
 */
final class UrlConnectionAdvice {

    private UrlConnectionAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.This HttpURLConnection connection, @Advice.FieldValue("connected") boolean connected) {
        DownstreamCalls.keyConnection(connection, connected);
    }
}
