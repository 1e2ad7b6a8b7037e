package dev.idempotency.agent.metrics.prometheus;

import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Serves {@code GET} and {@code HEAD /metrics}, one request per connection, over plain sockets.
 * The JDK's HTTP server reads a request on its handler thread with no time limit unless the
 * JVM-wide {@code sun.net.httpserver.*} properties say otherwise, which belong to the host; here
 * every connection has a read timeout and a deadline for the whole exchange, so a client that
 * stalls or drips its request holds one of a few threads for seconds, not forever.
 */
final class ScrapeServer implements AutoCloseable {

    /** A request head that stops arriving for this long is dropped. */
    static final Duration READ_TIMEOUT = Duration.ofSeconds(5);
    /** Any connection, however it trickles, is closed this long after it was accepted. */
    static final Duration EXCHANGE_DEADLINE = Duration.ofSeconds(10);
    private static final int THREADS = 4;
    /** Connections waiting for a thread; past it, new ones are closed unanswered. */
    private static final int WAITING = 16;
    private static final int BACKLOG = 50;
    private static final long ACCEPT_RETRY_MILLIS = 50;
    /** A request line with its headers; scrapers send a few hundred bytes. */
    private static final int MAX_HEAD_BYTES = 8192;

    private final ServerSocket socket;
    private final PrometheusScrapeHandler handler;
    private final ThreadPoolExecutor workers;
    private final ScheduledThreadPoolExecutor deadlines;
    private final Thread acceptor;

    private ScrapeServer(ServerSocket socket, PrometheusScrapeHandler handler) {
        this.socket = socket;
        this.handler = handler;
        this.workers = new ThreadPoolExecutor(THREADS, THREADS, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(WAITING), task -> daemon(task, "idempotency-metrics"));
        this.deadlines = new ScheduledThreadPoolExecutor(1, task -> daemon(task, "idempotency-metrics-deadlines"));
        this.deadlines.setRemoveOnCancelPolicy(true);
        this.acceptor = daemon(this::acceptAll, "idempotency-metrics-accept");
    }

    /**
     * Binds {@code bindAddress:port} ({@code 0}: any free port) and starts serving.
     *
     * @throws IOException when the port cannot be bound (in use, not permitted)
     */
    static ScrapeServer start(String bindAddress, int port, PrometheusScrapeHandler handler) throws IOException {
        ServerSocket socket = new ServerSocket(port, BACKLOG, InetAddress.getByName(bindAddress));
        ScrapeServer server = new ScrapeServer(socket, handler);
        server.acceptor.start();
        return server;
    }

    int port() {
        return socket.getLocalPort();
    }

    private void acceptAll() {
        while (!socket.isClosed()) {
            Socket connection;
            try {
                connection = socket.accept();
            } catch (IOException e) {
                pauseAfterFailedAccept(); // closed by close(), a connection reset early, or out of file descriptors
                continue;
            }
            try {
                ScheduledFuture<?> deadline = deadlines.schedule(() -> closeQuietly(connection),
                        EXCHANGE_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
                workers.execute(() -> {
                    try {
                        serve(connection);
                    } finally {
                        deadline.cancel(false);
                        closeQuietly(connection);
                    }
                });
            } catch (RejectedExecutionException busy) {
                closeQuietly(connection);
            }
        }
    }

    private void serve(Socket connection) {
        try {
            connection.setSoTimeout((int) READ_TIMEOUT.toMillis());
            OutputStream out = new BufferedOutputStream(connection.getOutputStream());
            ScrapeExchange exchange = ScrapeExchange.read(new BufferedInputStream(connection.getInputStream()),
                    MAX_HEAD_BYTES, out);
            if (exchange == null) {
                ScrapeExchange.answer(out, 400, "Bad Request", "");
            } else if (!"/metrics".equals(exchange.getRequest().getRequestPath())) {
                ScrapeExchange.answer(out, 404, "Not Found", "");
            } else if (!exchange.isGetOrHead()) {
                ScrapeExchange.answer(out, 405, "Method Not Allowed", "Allow: GET, HEAD\r\n");
            } else {
                handler.handleRequest(exchange);
            }
            out.flush();
        } catch (IOException | RuntimeException e) {
            // The client stalled, went away or sent no HTTP; the scraper retries at its next interval.
        }
    }

    @Override
    public void close() {
        closeQuietly(socket);
        workers.shutdownNow();
        deadlines.shutdownNow();
    }

    /** Out of file descriptors, accept fails at once: a short pause keeps this thread from spinning. */
    private static void pauseAfterFailedAccept() {
        try {
            Thread.sleep(ACCEPT_RETRY_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // Closing is all that is left to do with it.
        }
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.setContextClassLoader(null);
        return thread;
    }
}
