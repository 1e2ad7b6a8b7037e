package dev.idempotency.agent.store.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A port in front of a database that a test can cut and restore, to play a store going away. */
final class TcpForwarder implements AutoCloseable {

    private final int targetPort;
    private final int port;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile ServerSocket server;

    TcpForwarder(int targetPort) throws IOException {
        this.targetPort = targetPort;
        try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            this.port = probe.getLocalPort();
        }
        start();
    }

    int port() {
        return port;
    }

    void start() throws IOException {
        ServerSocket listening = new ServerSocket();
        listening.setReuseAddress(true);
        listening.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        server = listening;
        daemon(() -> {
            while (!listening.isClosed()) {
                try {
                    Socket client = listening.accept();
                    Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                    sockets.add(client);
                    sockets.add(target);
                    daemon(() -> pipe(client, target));
                    daemon(() -> pipe(target, client));
                } catch (IOException closed) {
                    return;
                }
            }
        });
    }

    /** Refuses new connections and breaks the open ones. */
    void stop() throws IOException {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
        sockets.clear();
    }

    @Override
    public void close() throws IOException {
        stop();
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
