package dev.idempotency.agent.tooling.jdk;

import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into {@code jdk.internal.net.http.HttpClientImpl.sendAsync(HttpRequest, BodyHandler,
 * PushPromiseHandler, Executor)}, through which {@code send} and both public {@code sendAsync}
 * pass, on the caller's thread: an unsafe request without the key header is replaced by a copy
 * that carries the execution's next key ({@code HttpRequest} is immutable). JDK types and the
 * bridge only, and no lambda: the code is copied into the JDK's class.
 */
final class HttpClientAdvice {

    private HttpClientAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class)
    static void enter(@Advice.Argument(value = 0, readOnly = false) HttpRequest request) {
        OutgoingKeys keys = DownstreamCalls.current();
        if (keys == null || request == null || !DownstreamCalls.isUnsafe(request.method())) {
            return;
        }
        String header = keys.header();
        if (request.headers().firstValue(header).isPresent()) {
            return;
        }
        URI uri = request.uri();
        String key = keys.next("java.net.http.HttpClient", request.method(), uri.toString(), uri.getHost(),
                DownstreamCalls.portOf(uri.getPort(), uri.getScheme()));
        if (key == null) {
            return;
        }
        HttpRequest.Builder copy = HttpRequest.newBuilder(uri).expectContinue(request.expectContinue());
        if (request.timeout().isPresent()) {
            copy.timeout(request.timeout().get());
        }
        if (request.version().isPresent()) {
            copy.version(request.version().get());
        }
        for (Map.Entry<String, List<String>> named : request.headers().map().entrySet()) {
            for (String value : named.getValue()) {
                copy.header(named.getKey(), value);
            }
        }
        copy.method(request.method(), request.bodyPublisher().isPresent() ? request.bodyPublisher().get()
                : HttpRequest.BodyPublishers.noBody());
        copy.header(header, key);
        String deadline = keys.deadlineHeader();
        if (deadline != null && !request.headers().firstValue(deadline).isPresent()) {
            copy.header(deadline, keys.deadline());
        }
        request = copy.build();
    }
}
