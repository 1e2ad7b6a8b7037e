package dev.idempotency.demo.chain;

import java.io.IOException;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.RequestBuilder;
import org.apache.http.entity.ByteArrayEntity;
import org.apache.http.entity.ContentType;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.util.EntityUtils;

/** One call with Apache HttpClient 4.5. */
final class ApacheCalls {

    private ApacheCalls() {}

    /** The answer's body when {@code wantBody}, else its status. */
    static String call(CloseableHttpClient client, String url, String method, byte[] body, String ownKey,
            boolean wantBody) throws IOException {
        RequestBuilder builder = RequestBuilder.create(method).setUri(url);
        if (!method.equals("GET")) {
            builder.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        }
        if (ownKey != null) {
            builder.addHeader("Idempotency-Key", ownKey);
        }
        try (CloseableHttpResponse response = client.execute(builder.build())) {
            String text = response.getEntity() == null ? "" : EntityUtils.toString(response.getEntity());
            return wantBody ? text : String.valueOf(response.getStatusLine().getStatusCode());
        }
    }
}
