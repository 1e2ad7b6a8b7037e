package dev.idempotency.demo.chain;

import java.io.IOException;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.support.ClassicRequestBuilder;

/** One call with Apache HttpClient 5 (classic). */
final class Apache5Calls {

    private Apache5Calls() {}

    /**
     * The answer's body when {@code wantBody}, else its status. Fails when the request, once sent,
     * carries a key it was not given: the application's request must stay as it made it.
     */
    static String call(CloseableHttpClient client, String url, String method, byte[] body, String ownKey,
            boolean wantBody) throws IOException {
        ClassicRequestBuilder builder = ClassicRequestBuilder.create(method).setUri(url);
        if (!method.equals("GET")) {
            builder.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        }
        if (ownKey != null) {
            builder.addHeader("Idempotency-Key", ownKey);
        }
        ClassicHttpRequest request = builder.build();
        String answer = client.execute(request, response -> {
            String text = response.getEntity() == null ? "" : EntityUtils.toString(response.getEntity());
            return wantBody ? text : String.valueOf(response.getCode());
        });
        if (ownKey == null && request.containsHeader("Idempotency-Key")) {
            throw new IllegalStateException("the application's request came back with a key it was not given");
        }
        return answer;
    }
}
