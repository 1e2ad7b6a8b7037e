package dev.idempotency.agent.bootstrap.downstream;

import dev.idempotency.agent.bootstrap.Gate;
import java.net.HttpURLConnection;
import java.net.URL;
import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Which execution the current thread works for, as far as its HTTP calls go: the core enters an
 * execution's {@link OutgoingKeys} on the thread that runs the handler and leaves it when the
 * execution ends (or when the thread enters another request, for an execution that ended
 * elsewhere, asynchronously). The client advice asks {@link #current()} before every call it sees.
 *
 * <p>The one thread-local the agent keeps: its value is the core's own object, never an
 * application's, so it pins no application class loader, and it is removed when the execution
 * ends on this thread or this thread starts another request.
 */
public final class DownstreamCalls {

    private static final ThreadLocal<OutgoingKeys> CURRENT = new ThreadLocal<>();
    /**
     * Connections that left without a key from a thread whose work is not followed, reported once:
     * a connection passes here at each of its steps, and without a header set nothing else says so.
     */
    private static final Set<HttpURLConnection> UNKEYED_CONNECTIONS =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    /** Whether any execution was ever entered: until then a new request has nothing to leave. */
    private static volatile boolean used;

    private DownstreamCalls() {
    }

    /** The keys of the execution the current thread works for, or {@code null}. */
    public static OutgoingKeys current() {
        return CURRENT.get();
    }

    /** The current thread now runs the handler of the execution {@code keys} belongs to. */
    public static void enter(OutgoingKeys keys) {
        used = true;
        CURRENT.set(keys);
    }

    /** Ends {@code keys} on the current thread, if it is the one entered there. */
    public static void leave(OutgoingKeys keys) {
        if (CURRENT.get() == keys) {
            CURRENT.remove();
        }
    }

    /**
     * The current thread starts another request: whatever it worked for before is over here. Costs
     * a volatile read in a JVM where no endpoint propagates its key.
     */
    public static void leaveAny() {
        if (used) {
            CURRENT.remove();
        }
    }

    /** POST, PUT, PATCH and DELETE: the calls a retry must not repeat; GET, HEAD and OPTIONS never get a key. */
    public static boolean isUnsafe(String method) {
        return Gate.changesState(method);
    }

    /** The port a URL's scheme implies when it names none. */
    public static int portOf(int port, String scheme) {
        if (port >= 0) {
            return port;
        }
        return "https".equalsIgnoreCase(scheme) ? 443 : "http".equalsIgnoreCase(scheme) ? 80 : -1;
    }

    /**
     * Called by the advice in {@code sun.net.www.protocol.http.HttpURLConnection} before the
     * connection connects, sends its body or reads its answer: a connection not yet connected, with
     * an unsafe method and without the header, gets the execution's next key. Calls after the first
     * find the header set and change nothing, so each connection counts once.
     */
    public static void keyConnection(HttpURLConnection connection, boolean connected) {
        if (connected) {
            return;
        }
        OutgoingKeys keys = CURRENT.get();
        if (keys == null) {
            return;
        }
        String method = connection.getRequestMethod();
        if (!isUnsafe(method)) {
            return;
        }
        String header = keys.header();
        if (connection.getRequestProperty(header) != null) {
            return;
        }
        if (keys instanceof UnfollowedKeys && !UNKEYED_CONNECTIONS.add(connection)) {
            return; // reported at its first step already
        }
        URL url = connection.getURL();
        String key = keys.next("HttpURLConnection", method, url.toString(), url.getHost(), portOf(url.getPort(), url.getProtocol()));
        if (key != null) {
            connection.setRequestProperty(header, key);
            String deadline = keys.deadlineHeader();
            if (deadline != null && connection.getRequestProperty(deadline) == null) {
                connection.setRequestProperty(deadline, keys.deadline());
            }
        }
    }
}
