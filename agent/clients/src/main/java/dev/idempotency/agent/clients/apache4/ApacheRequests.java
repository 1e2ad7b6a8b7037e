package dev.idempotency.agent.clients.apache4;

import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import java.net.URI;
import org.apache.http.HttpHost;
import org.apache.http.client.methods.HttpRequestWrapper;
import org.apache.http.conn.routing.HttpRoute;

/** Gives an unsafe request of Apache HttpClient 4 the execution's next key, unless it carries the header. */
public final class ApacheRequests {

    private ApacheRequests() {
    }

    public static void key(HttpRoute route, HttpRequestWrapper request) {
        OutgoingKeys keys = DownstreamCalls.current();
        if (keys == null || route == null || request == null) {
            return;
        }
        String method = request.getRequestLine().getMethod();
        if (!DownstreamCalls.isUnsafe(method)) {
            return;
        }
        String header = keys.header();
        if (request.containsHeader(header)) {
            return;
        }
        HttpHost target = route.getTargetHost();
        URI uri = request.getURI();
        String url = uri != null && uri.isAbsolute() ? uri.toString()
                : target.toURI() + (uri == null ? "" : uri.toString());
        String key = keys.next("Apache HttpClient 4", method, url, target.getHostName(),
                DownstreamCalls.portOf(target.getPort(), target.getSchemeName()));
        if (key != null) {
            request.setHeader(header, key);
            String deadline = keys.deadlineHeader();
            if (deadline != null && !request.containsHeader(deadline)) {
                request.setHeader(deadline, keys.deadline());
            }
        }
    }
}
