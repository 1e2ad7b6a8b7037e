package dev.idempotency.demo.chain;

import java.net.URI;
import java.time.Duration;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.reactive.function.client.WebClient;

/** One call with Spring's WebClient on Reactor Netty, waited for. */
final class WebClientCalls {

    private WebClientCalls() {}

    /** The answer's body when {@code wantBody}, else its status. */
    static String call(WebClient client, String url, String method, byte[] body, String ownKey, boolean wantBody) {
        WebClient.RequestBodySpec request = client.method(HttpMethod.valueOf(method)).uri(URI.create(url));
        if (ownKey != null) {
            request.header("Idempotency-Key", ownKey);
        }
        WebClient.RequestHeadersSpec<?> ready = method.equals("GET") ? request
                : request.contentType(MediaType.APPLICATION_JSON).bodyValue(body);
        ResponseEntity<String> answer = ready.exchangeToMono(response -> response.toEntity(String.class))
                .block(Duration.ofSeconds(10));
        String text = answer.getBody() == null ? "" : answer.getBody();
        return wantBody ? text : String.valueOf(answer.getStatusCodeValue());
    }
}
