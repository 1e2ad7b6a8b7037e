package dev.idempotency.agent.clients.webclient;

import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import java.net.URI;
import org.springframework.http.HttpHeaders;
import org.springframework.web.reactive.function.client.ClientRequest;

/** Gives an unsafe WebClient request the execution's next key, unless it carries the header. */
public final class WebClientRequests {

    private WebClientRequests() {
    }

    /** Adds the key (and the chain's deadline) to {@code builder} when the request it builds is unsafe. */
    public static void key(ClientRequest.Builder builder) {
        OutgoingKeys keys = DownstreamCalls.current();
        if (keys == null || builder == null) {
            return;
        }
        // The builder has no getters: what it would build says the method, URL and headers so far.
        ClientRequest request = builder.build();
        String method = request.method().name();
        if (!DownstreamCalls.isUnsafe(method)) {
            return;
        }
        HttpHeaders headers = request.headers();
        String header = keys.header();
        if (headers.getFirst(header) != null) {
            return;
        }
        URI url = request.url();
        String key = keys.next("Spring WebClient", method, url.toString(), url.getHost(), DownstreamCalls.portOf(url.getPort(), url.getScheme()));
        if (key == null) {
            return;
        }
        builder.header(header, key);
        String deadline = keys.deadlineHeader();
        if (deadline != null && headers.getFirst(deadline) == null) {
            builder.header(deadline, keys.deadline());
        }
    }
}
