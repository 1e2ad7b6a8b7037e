package dev.idempotency.demo.spring6;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.JettyClientHttpRequestFactory;
import org.springframework.http.client.ReactorClientHttpRequestFactory;
import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * {@code POST /calls} and {@code POST /unprotected-calls}: to payments' {@code /echo}, a POST, a GET,
 * a PUT, a POST with its own {@code Idempotency-Key: app-key}, and a POST again, with the client
 * {@code ?client=} names: {@code restclient} (RestClient on the request factory it picks itself,
 * Jetty's here), {@code restclient-jetty}, {@code restclient-reactor}, {@code restclient-jdk},
 * {@code restclient-simple} ({@code HttpURLConnection}), or {@code webclient} (on Reactor Netty);
 * answers 200 with the statuses.
 */
final class CallsServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final byte[] BODY = "{}".getBytes(StandardCharsets.UTF_8);

    private final String payments;
    private final transient Map<String, RestClient> restClients = Map.of(
            "restclient", RestClient.create(),
            "restclient-jetty", RestClient.builder().requestFactory(new JettyClientHttpRequestFactory()).build(),
            "restclient-reactor", RestClient.builder().requestFactory(new ReactorClientHttpRequestFactory()).build(),
            "restclient-jdk", RestClient.builder().requestFactory(new JdkClientHttpRequestFactory()).build(),
            "restclient-simple", RestClient.builder().requestFactory(new SimpleClientHttpRequestFactory()).build());
    private final transient WebClient webClient = WebClient.create();

    CallsServlet(String payments) {
        this.payments = payments;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        request.getInputStream().readAllBytes();
        String client = request.getParameter("client");
        String statuses = call(client, "POST", null) + "," + call(client, "GET", null) + "," + call(client, "PUT", null)
                + "," + call(client, "POST", "app-key") + "," + call(client, "POST", null);
        byte[] bytes = statuses.getBytes(StandardCharsets.UTF_8);
        response.setStatus(200);
        response.setContentType("text/plain");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private int call(String client, String method, String ownKey) {
        URI echo = URI.create(payments + "/echo");
        if ("webclient".equals(client)) {
            WebClient.RequestBodySpec spec = webClient.method(HttpMethod.valueOf(method)).uri(echo);
            if (ownKey != null) {
                spec.header("Idempotency-Key", ownKey);
            }
            WebClient.RequestHeadersSpec<?> ready = method.equals("GET") ? spec
                    : spec.contentType(MediaType.APPLICATION_JSON).bodyValue(BODY);
            return ready.exchangeToMono(answer -> answer.toBodilessEntity()).block(Duration.ofSeconds(10))
                    .getStatusCode().value();
        }
        RestClient rest = restClients.get(client);
        if (rest == null) {
            throw new IllegalArgumentException("client " + client);
        }
        RestClient.RequestBodySpec spec = rest.method(HttpMethod.valueOf(method)).uri(echo);
        if (ownKey != null) {
            spec.header("Idempotency-Key", ownKey);
        }
        if (!method.equals("GET")) {
            spec.contentType(MediaType.APPLICATION_JSON).body(BODY);
        }
        ResponseEntity<Void> answer = spec.retrieve().toBodilessEntity();
        return answer.getStatusCode().value();
    }
}
