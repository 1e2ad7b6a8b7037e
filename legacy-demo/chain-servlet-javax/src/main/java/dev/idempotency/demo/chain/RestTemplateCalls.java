package dev.idempotency.demo.chain;

import java.net.URI;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestTemplate;

/** One call with Spring's RestTemplate. */
final class RestTemplateCalls {

    private RestTemplateCalls() {}

    /** The answer's body when {@code wantBody}, else its status. */
    static String call(RestTemplate client, String url, String method, byte[] body, String ownKey, boolean wantBody) {
        HttpHeaders headers = new HttpHeaders();
        if (ownKey != null) {
            headers.set("Idempotency-Key", ownKey);
        }
        HttpEntity<byte[]> request;
        if (method.equals("GET")) {
            request = new HttpEntity<>(headers);
        } else {
            headers.setContentType(MediaType.APPLICATION_JSON);
            request = new HttpEntity<>(body, headers);
        }
        ResponseEntity<String> answer = client.exchange(URI.create(url), HttpMethod.valueOf(method), request, String.class);
        String text = answer.getBody() == null ? "" : answer.getBody();
        return wantBody ? text : String.valueOf(answer.getStatusCodeValue());
    }
}
