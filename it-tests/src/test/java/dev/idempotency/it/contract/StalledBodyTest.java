package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that announces a body and stops sending it: the container gives up after its read
 * timeout (Tomcat's {@code connectionTimeout}, here 1 s) and answers 408; the attempt log records
 * that same 408, and nothing executes.
 */
class StalledBodyTest {

    @TempDir
    Path workDir;

    @Test
    void aStalledBodyIsA408OnTheWireAndInTheLog() throws IOException {
        Path config = Files.writeString(workDir.resolve("agent.yaml"), """
                service-name: stalled-body
                logging:
                  sink: stdout
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                """);
        try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config)
                .jvmArg("-Ddemo.readTimeoutMs=1000").start()) {
            String key = UUID.randomUUID().toString();
            String statusLine;
            try (Socket socket = new Socket(demo.baseUri().getHost(), demo.baseUri().getPort())) {
                socket.setSoTimeout(20_000);
                OutputStream out = socket.getOutputStream();
                out.write(("POST /orders HTTP/1.1\r\nHost: " + demo.baseUri().getAuthority()
                        + "\r\nContent-Type: application/json\r\nIdempotency-Key: " + key
                        + "\r\nContent-Length: 100\r\n\r\n{\"item\": ").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                statusLine = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.ISO_8859_1)).readLine();
            }

            assertThat(statusLine).startsWith("HTTP/1.1 408");
            await().atMost(Duration.ofSeconds(10)).until(() -> demo.stdout().stream().anyMatch(line -> line.contains(key)));
            assertThat(demo.stdout()).filteredOn(line -> line.contains(key)).singleElement().satisfies(event -> assertThat(event)
                    .contains("\"idempotency.decision\":\"body_unreadable\"")
                    .contains("\"http.response.status_code\":408")
                    .contains("\"error.type\":\"timeout\""));
            assertThat(Http.to(demo.baseUri()).get("/stats").json().get("orders").asInt()).isZero();
        }
    }
}
