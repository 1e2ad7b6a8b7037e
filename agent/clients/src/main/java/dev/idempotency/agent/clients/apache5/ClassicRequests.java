package dev.idempotency.agent.clients.apache5;

import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.net.URIAuthority;

/** Gives an unsafe request of Apache HttpClient 5 the execution's next key, unless it carries the header. */
public final class ClassicRequests {

    private ClassicRequests() {
    }

    /**
     * Puts the next key on {@code request} when it is an unsafe call of a protected execution
     * without the header; {@code target} is the host the client was given, or {@code null} when the
     * request names it. Returns the headers set (the key's, and the chain's deadline when the
     * execution has one and the request does not), or {@code null} when nothing was.
     */
    public static String[] key(HttpHost target, HttpRequest request) {
        OutgoingKeys keys = DownstreamCalls.current();
        if (keys == null || request == null) {
            return null;
        }
        String method = request.getMethod();
        if (!DownstreamCalls.isUnsafe(method)) {
            return null;
        }
        String header = keys.header();
        if (request.containsHeader(header)) {
            return null;
        }
        String scheme;
        String host;
        int port;
        if (target != null) {
            scheme = target.getSchemeName();
            host = target.getHostName();
            port = target.getPort();
        } else {
            URIAuthority authority = request.getAuthority();
            if (authority == null) {
                return null;
            }
            scheme = request.getScheme() == null ? "http" : request.getScheme();
            host = authority.getHostName();
            port = authority.getPort();
        }
        String path = request.getPath() == null ? "" : request.getPath();
        String url = scheme + "://" + host + (port >= 0 ? ":" + port : "") + path;
        String key = keys.next("Apache HttpClient 5", method, url, host, DownstreamCalls.portOf(port, scheme));
        if (key == null) {
            return null;
        }
        request.setHeader(header, key);
        String deadline = keys.deadlineHeader();
        if (deadline == null || request.containsHeader(deadline)) {
            return new String[] {header};
        }
        request.setHeader(deadline, keys.deadline());
        return new String[] {header, deadline};
    }

    /** Takes off the headers {@link #key} put on {@code request}. */
    public static void unkey(HttpRequest request, String[] headers) {
        if (headers != null && request != null) {
            for (String header : headers) {
                request.removeHeaders(header);
            }
        }
    }
}
