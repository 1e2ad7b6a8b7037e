package dev.idempotency.agent.clients.springweb;

import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import java.net.URI;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.client.ClientHttpRequest;

/** Gives an unsafe request of Spring's HTTP clients the execution's next key, unless it carries the header. */
public final class SpringRequests {

    private SpringRequests() {
    }

    /** Adds the key (and the chain's deadline) to {@code request}'s headers before it is sent. */
    public static void key(ClientHttpRequest request) {
        OutgoingKeys keys = DownstreamCalls.current();
        if (keys == null || request == null) {
            return;
        }
        HttpMethod method = request.getMethod();
        if (method == null || !DownstreamCalls.isUnsafe(method.name())) {
            return;
        }
        HttpHeaders headers = request.getHeaders();
        String header = keys.header();
        if (headers.getFirst(header) != null) {
            return;
        }
        URI url = request.getURI();
        String key = keys.next("Spring " + request.getClass().getSimpleName(), method.name(), url.toString(),
                url.getHost(), DownstreamCalls.portOf(url.getPort(), url.getScheme()));
        if (key == null) {
            return;
        }
        headers.set(header, key);
        String deadline = keys.deadlineHeader();
        if (deadline != null && headers.getFirst(deadline) == null) {
            headers.set(deadline, keys.deadline());
        }
    }
}
