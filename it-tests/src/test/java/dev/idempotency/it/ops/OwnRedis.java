package dev.idempotency.it.ops;

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
 * A {@code redis-server} of a test's own, on a loopback port free when it first starts, that the
 * test may kill ({@code SIGKILL}, as a crash) and start again on the same port and directory. It
 * keeps an append-only file written to disk at each write ({@code appendonly yes},
 * {@code appendfsync always}): the settings under which a crash loses nothing.
 */
final class OwnRedis implements AutoCloseable {

    private final Path dir;
    private final int port;
    private Process process;

    private OwnRedis(Path dir, int port) {
        this.dir = dir;
        this.port = port;
    }

    static OwnRedis start(Path dir) {
        OwnRedis redis = new OwnRedis(dir, freePort());
        redis.startAgain();
        return redis;
    }

    String url() {
        return "redis://127.0.0.1:" + port + "/0";
    }

    JedisPooled client() {
        return new JedisPooled("127.0.0.1", port);
    }

    /** As a crash: SIGKILL, then waits for the process to be gone. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Starts the server (again), reading back what its append-only file holds, and waits until it answers. */
    void startAgain() {
        List<String> command = new ArrayList<>(Arrays.asList("redis-server", "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes", "--appendfsync", "always",
                "--dir", dir.toString()));
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("redis.log").toFile())).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start redis-server", e);
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            try (JedisPooled redis = client()) {
                if ("PONG".equals(redis.ping())) {
                    return;
                }
            } catch (RuntimeException loading) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    throw new IllegalStateException("redis-server on port " + port + " did not answer; see "
                            + dir.resolve("redis.log"), loading);
                }
            }
            Orders.pause(Duration.ofMillis(20));
        }
    }

    @Override
    public void close() {
        kill();
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
