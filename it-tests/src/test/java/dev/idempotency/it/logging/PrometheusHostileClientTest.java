package dev.idempotency.it.logging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.DemoApp;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Prometheus endpoint of a forked demo against clients that stall or ask for something else:
 * a scrape is answered within seconds while other connections hang half-sent, the stalled ones
 * are closed by the server, and only GET and HEAD on /metrics are served.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PrometheusHostileClientTest {

    private static final Pattern SERVING = Pattern.compile("Prometheus metrics on (http://\\S+/metrics)");
    /** A scrape behind stalled clients: well under a scraper's usual 10 s timeout. */
    private static final Duration SCRAPE_BOUND = Duration.ofSeconds(3);
    /** The server's read timeout (5 s) and exchange deadline (10 s), with slack for a loaded machine. */
    private static final Duration STALL_CLOSED_WITHIN = Duration.ofSeconds(20);

    private DemoApp demo;
    private URI metrics;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    void startDemo(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("agent.yaml"), """
                service-name: metrics-hostile-it
                logging:
                  sink: none
                metrics:
                  prometheus:
                    port: 0
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                """);
        demo = DemoApp.servletJavax().workDir(dir).agentConfig(config).start();
        metrics = URI.create(demo.awaitLine(SERVING, Duration.ofSeconds(20)).group(1));
    }

    @AfterAll
    void stopDemo() {
        if (demo != null) {
            demo.close();
        }
    }

    @Test
    void stalledClientsNeitherBlockScrapesNorHoldTheirConnectionForever() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try {
            stalled.add(stall("GET /metr"));
            stalled.add(stall("GET /metrics HTTP/1.1\r\nHost: x\r\nAccept: text/pl"));
            stalled.add(stall("POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"partial\":"));
            Thread.sleep(200); // the server has taken them all

            long start = System.nanoTime();
            HttpResponse<String> scrape = send(HttpRequest.newBuilder(metrics).timeout(SCRAPE_BOUND).GET());
            assertThat(scrape.statusCode()).isEqualTo(200);
            assertThat(scrape.body()).contains("idempotency_store_up");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(SCRAPE_BOUND);

            for (Socket socket : stalled) {
                assertThat(closedByServer(socket)).as("a stalled connection is closed by the server").isTrue();
            }
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    @Test
    void otherPathsAreNotFound() throws Exception {
        assertThat(send(HttpRequest.newBuilder(metrics.resolve("/")).GET()).statusCode()).isEqualTo(404);
        assertThat(send(HttpRequest.newBuilder(metrics.resolve("/-/healthy")).GET()).statusCode()).isEqualTo(404);
        assertThat(send(HttpRequest.newBuilder(metrics.resolve("/metrics/extra")).GET()).statusCode()).isEqualTo(404);
    }

    @Test
    void onlyGetAndHeadAreAllowed() throws Exception {
        HttpResponse<String> post = send(HttpRequest.newBuilder(metrics).POST(HttpRequest.BodyPublishers.ofString("x")));
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
        assertThat(send(HttpRequest.newBuilder(metrics).DELETE()).statusCode()).isEqualTo(405);

        HttpResponse<String> head = send(HttpRequest.newBuilder(metrics).method("HEAD", HttpRequest.BodyPublishers.noBody()));
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return client.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A connection that sends {@code start} of a request and then nothing. */
    private Socket stall(String start) throws IOException {
        Socket socket = new Socket(metrics.getHost(), metrics.getPort());
        OutputStream out = socket.getOutputStream();
        out.write(start.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    /** True when the server ends the connection (end of stream or reset) within the bound. */
    private static boolean closedByServer(Socket socket) throws IOException {
        socket.setSoTimeout((int) STALL_CLOSED_WITHIN.toMillis());
        InputStream in = socket.getInputStream();
        try {
            while (in.read() >= 0) {
                // Whatever the server answers before closing does not matter here.
            }
            return true;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }
}
