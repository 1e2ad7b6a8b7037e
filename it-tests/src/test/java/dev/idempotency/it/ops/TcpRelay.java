package dev.idempotency.it.ops;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A local port in front of a shared database, so a test can take "the database" away from the
 * agent without touching the server other tests use: {@link #cut()} refuses connections and breaks
 * the open ones; {@link #freeze()} keeps everything open but lets no byte through (a database that
 * stopped answering); {@link #loseAnswerToWriteNaming} breaks a connection once the server has a
 * given write (an {@code INSERT}, in auto-commit, or a {@code COMMIT}; on Redis a script,
 * {@code EVALSHA} or {@code EVAL}), before its answer reaches the client: a connection killed
 * between the commit and its reply;
 * {@link #restore()} forwards again.
 */
final class TcpRelay implements AutoCloseable {

    private final int targetPort;
    private final int port;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile ServerSocket server;
    private volatile boolean frozen;
    /** What the next write whose answer is lost names; null while none is to be lost. */
    private volatile String losingAnswerTo;
    /** Server-side sockets that were sent a write while write answers are lost. */
    private final Set<Socket> committing = ConcurrentHashMap.newKeySet();

    TcpRelay(int targetPort) throws IOException {
        this.targetPort = targetPort;
        try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            this.port = probe.getLocalPort();
        }
        listen();
    }

    int port() {
        return port;
    }

    synchronized void cut() throws IOException {
        if (server != null) {
            server.close();
            server = null;
        }
        closeAll();
    }

    /** Open and new connections are held; nothing is forwarded either way. */
    synchronized void freeze() throws IOException {
        frozen = true;
        if (server == null) {
            listen();
        }
    }

    /**
     * The server commits the next write that names {@code marker} (a key), but the client never
     * hears it: the relay breaks that connection instead. One answer is lost, that write's alone:
     * the agent's later writes about the same key (a withdrawal) reach it and are answered.
     */
    void loseAnswerToWriteNaming(String marker) {
        losingAnswerTo = marker;
    }

    synchronized void restore() throws IOException {
        frozen = false;
        losingAnswerTo = null;
        closeAll();
        if (server == null) {
            listen();
        }
    }

    @Override
    public synchronized void close() throws IOException {
        cut();
    }

    private void listen() throws IOException {
        ServerSocket listening = new ServerSocket();
        listening.setReuseAddress(true);
        listening.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        server = listening;
        daemon(() -> accept(listening));
    }

    private void accept(ServerSocket listening) {
        while (!listening.isClosed()) {
            try {
                Socket client = listening.accept();
                if (!keep(listening, client)) {
                    continue;
                }
                if (frozen) {
                    continue; // held open, never answered
                }
                Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                if (!keep(listening, target)) {
                    closeQuietly(client);
                    continue;
                }
                daemon(() -> pipe(client, target, true));
                daemon(() -> pipe(target, client, false));
            } catch (IOException closed) {
                return;
            }
        }
    }

    /**
     * Keeps a socket of a connection {@code listening} accepted, unless a cut or a restore came
     * while it was set up (a pool filling itself in the background): then it is closed.
     */
    private synchronized boolean keep(ServerSocket listening, Socket socket) {
        if (server != listening || listening.isClosed()) {
            closeQuietly(socket);
            return false;
        }
        sockets.add(socket);
        return true;
    }

    private void closeAll() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
        sockets.clear();
    }

    private void pipe(Socket from, Socket to, boolean toServer) {
        byte[] buffer = new byte[8192];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            for (int read; (read = in.read(buffer)) >= 0; ) {
                if (frozen) {
                    return;
                }
                if (!toServer && committing.remove(from)) {
                    return; // the server's answer to the write: dropped, and the pair broken below
                }
                if (toServer && losesAnswerTo(buffer, read)) {
                    committing.add(to);
                }
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException broken) {
            // cut(), freeze() or the other side closed the pair
        } finally {
            if (!frozen) {
                closeQuietly(from);
                closeQuietly(to);
            }
        }
    }

    /** Whether these bytes are the write whose answer is to be lost; if so, no later one is. */
    private synchronized boolean losesAnswerTo(byte[] bytes, int length) {
        String marker = losingAnswerTo;
        if (marker == null || !isWrite(bytes, length)
                || !new String(bytes, 0, length, java.nio.charset.StandardCharsets.ISO_8859_1).contains(marker)) {
            return false;
        }
        losingAnswerTo = null;
        return true;
    }

    /**
     * Whether the bytes hold an {@code INSERT} or a {@code COMMIT} (not {@code READ COMMITTED}), as
     * PostgreSQL's and MariaDB's drivers send the statement's text, or a Redis script call.
     */
    private static boolean isWrite(byte[] bytes, int length) {
        String text = new String(bytes, 0, length, java.nio.charset.StandardCharsets.ISO_8859_1);
        for (String word : new String[] {"INSERT", "COMMIT", "EVALSHA", "EVAL"}) {
            for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
                int after = at + word.length();
                if (after >= text.length() || !Character.isLetter(text.charAt(after))) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    private static void daemon(Runnable task) {
        Thread thread = new Thread(task, "tcp-relay");
        thread.setDaemon(true);
        thread.start();
    }
}
