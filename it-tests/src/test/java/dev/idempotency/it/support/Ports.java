package dev.idempotency.it.support;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free TCP ports on the loopback interface for servers that cannot bind port 0 and report the
 * port. Free when asked: another process may take one before the server binds it, so the servers'
 * start-up fails loudly rather than talking to a stranger.
 */
final class Ports {

    private static final int ATTEMPTS = 200;

    private Ports() {}

    /** A port free on 127.0.0.1 now. */
    static int free() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port on the loopback interface", e);
        }
    }

    /**
     * An offset, between 1000 and 22000 (below the usual ephemeral range), that makes every one of {@code basePorts} a port free on
     * 127.0.0.1 now (for servers configured by a port offset, such as WildFly's socket binding group).
     */
    static int freeOffset(int... basePorts) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int offset = ThreadLocalRandom.current().nextInt(1000, 22000);
            boolean allFree = true;
            for (int base : basePorts) {
                allFree &= isFree(base + offset);
            }
            if (allFree) {
                return offset;
            }
        }
        throw new IllegalStateException("no port offset found for which all of the ports are free");
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
