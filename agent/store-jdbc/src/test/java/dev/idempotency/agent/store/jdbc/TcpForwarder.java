package dev.idempotency.agent.store.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A port in front of a database that a test can cut and restore, to play a store going away. The
 * port stays bound for the forwarder's life (a cut drops connections instead of closing it), so
 * no other socket can take it between a cut and the restore.
 */
final class TcpForwarder implements AutoCloseable {

    private final int targetPort;
    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean cut;

    TcpForwarder(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon(this::acceptUntilClosed);
    }

    int port() {
        return server.getLocalPort();
    }

    /** Forwards new connections again. */
    synchronized void start() {
        cut = false;
    }

    /**
     * Drops new connections as they arrive and breaks the open ones, a connection being set up
     * meanwhile (a pool filling itself in the background) included.
     */
    synchronized void stop() throws IOException {
        cut = true;
        for (Socket socket : sockets) {
            socket.close();
        }
        sockets.clear();
    }

    /** Keeps a pair to forward, unless a cut came while it was set up: then it is closed. */
    private synchronized boolean keep(Socket client, Socket target) throws IOException {
        if (cut) {
            client.close();
            target.close();
            return false;
        }
        sockets.add(client);
        sockets.add(target);
        return true;
    }

    @Override
    public void close() throws IOException {
        stop();
        server.close();
    }

    private void acceptUntilClosed() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                if (cut) {
                    client.close();
                    continue;
                }
                Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                if (!keep(client, target)) {
                    continue;
                }
                daemon(() -> pipe(client, target));
                daemon(() -> pipe(target, client));
            } catch (IOException closed) {
                if (server.isClosed()) {
                    return;
                }
            }
        }
    }

    private static void pipe(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException broken) {
            // the other direction or stop() closes the pair
        } finally {
            try {
                from.close();
                to.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }

    private static void daemon(Runnable task) {
        Thread thread = new Thread(task, "tcp-forwarder");
        thread.setDaemon(true);
        thread.start();
    }
}
