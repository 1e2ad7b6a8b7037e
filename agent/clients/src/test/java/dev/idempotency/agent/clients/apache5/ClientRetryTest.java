package dev.idempotency.agent.clients.apache5;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.classic.methods.HttpPut;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Why the key goes on the application's request for the length of {@code doExecute}, as the advice
 * does: HttpClient 5 copies that request for its chain, and again for its own retry, so both
 * attempts of one call carry the one key, counted once.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ClientRetryTest {

    @Test
    void theClientsOwnRetrySendsTheSameKey() throws Exception {
        NumberedKeys keys = new NumberedKeys();
        List<String> sentKeys = new CopyOnWriteArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 2, InetAddress.getLoopbackAddress());
                CloseableHttpClient client = HttpClients.createDefault()) {
            CompletableFuture<Void> serving = CompletableFuture.runAsync(() -> dropFirstAnswerSecond(server, sentKeys));
            HttpPut request = new HttpPut("http://127.0.0.1:" + server.getLocalPort() + "/charges/7");
            request.setEntity(new StringEntity("{}", ContentType.APPLICATION_JSON));

            DownstreamCalls.enter(keys);
            String[] headers;
            int status;
            try {
                headers = ClassicRequests.key(null, request);
                try {
                    status = client.execute(request, response -> response.getCode());
                } finally {
                    ClassicRequests.unkey(request, headers);
                }
            } finally {
                DownstreamCalls.leave(keys);
            }
            serving.get(10, TimeUnit.SECONDS);

            assertThat(status).isEqualTo(200);
            assertThat(sentKeys).as("the dropped attempt and the client's retry").containsExactly("derived-1", "derived-1");
            assertThat(keys.asked).as("counted once").hasSize(1);
            assertThat(request.containsHeader("Idempotency-Key")).isFalse();
        }
    }

    /** Reads the first request and closes the connection unanswered; answers the second 200. */
    private static void dropFirstAnswerSecond(ServerSocket server, List<String> sentKeys) {
        try {
            for (int attempt = 1; attempt <= 2; attempt++) {
                try (Socket socket = server.accept()) {
                    BufferedReader in = new BufferedReader(
                            new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
                    String key = "-";
                    for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
                        if (line.regionMatches(true, 0, "Idempotency-Key:", 0, 16)) {
                            key = line.substring(16).trim();
                        }
                    }
                    sentKeys.add(key);
                    if (attempt == 2) {
                        OutputStream out = socket.getOutputStream();
                        out.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                                .getBytes(StandardCharsets.ISO_8859_1));
                        out.flush();
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
