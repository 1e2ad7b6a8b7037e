package dev.idempotency.demo.chain;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.core5.http.ContentType;

/** One call with Apache HttpClient 5's async client, waited for. */
final class Apache5AsyncCalls {

    private Apache5AsyncCalls() {}

    /** The answer's body when {@code wantBody}, else its status. */
    static String call(CloseableHttpAsyncClient client, String url, String method, byte[] body, String ownKey,
            boolean wantBody) throws IOException, InterruptedException {
        SimpleRequestBuilder builder = SimpleRequestBuilder.create(method).setUri(url);
        if (!method.equals("GET")) {
            builder.setBody(body, ContentType.APPLICATION_JSON);
        }
        if (ownKey != null) {
            builder.addHeader("Idempotency-Key", ownKey);
        }
        SimpleHttpRequest request = builder.build();
        try {
            SimpleHttpResponse response = client.execute(request, null).get();
            return wantBody ? response.getBodyText() : String.valueOf(response.getCode());
        } catch (ExecutionException e) {
            throw new IOException(e.getCause());
        }
    }
}
