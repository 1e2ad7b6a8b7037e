package dev.idempotency.agent.store.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import redis.clients.jedis.JedisPooled;

/**
 * A {@code redis-server} of a test's own, on a free loopback port, keeping nothing on disk unless
 * told; killed at {@link #close()}.
 */
final class RedisServerProcess implements AutoCloseable {

    private final Process process;
    private final int port;

    private RedisServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts one in {@code dir}, with {@code options} after the defaults, and waits until it answers. */
    static RedisServerProcess start(Path dir, String... options) {
        int port = freePort();
        List<String> command = new ArrayList<>(Arrays.asList("redis-server", "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString()));
        command.addAll(Arrays.asList(options));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(dir.resolve("redis-" + port + ".log").toFile()).start();
            RedisServerProcess server = new RedisServerProcess(process, port);
            server.awaitAnswer(Duration.ofSeconds(10));
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start redis-server (is it installed?)", e);
        }
    }

    int port() {
        return port;
    }

    String url() {
        return "redis://127.0.0.1:" + port + "/0";
    }

    JedisPooled client() {
        return new JedisPooled("127.0.0.1", port);
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitAnswer(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            try (JedisPooled redis = client()) {
                if ("PONG".equals(redis.ping())) {
                    return;
                }
            } catch (RuntimeException notYet) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    close();
                    throw new IllegalStateException("redis-server on port " + port + " did not answer", notYet);
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
