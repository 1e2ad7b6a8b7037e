package dev.idempotency.demo.chain;

import java.io.IOException;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/** One call with OkHttp 4. */
final class OkHttpCalls {

    private OkHttpCalls() {}

    /** The answer's body when {@code wantBody}, else its status. */
    static String call(OkHttpClient client, String url, String method, byte[] body, String ownKey, boolean wantBody)
            throws IOException {
        Request.Builder builder = new Request.Builder().url(url)
                .method(method, method.equals("GET") ? null : RequestBody.create(body, MediaType.get("application/json")));
        if (ownKey != null) {
            builder.header("Idempotency-Key", ownKey);
        }
        try (Response response = client.newCall(builder.build()).execute()) {
            String text = response.body() == null ? "" : response.body().string();
            return wantBody ? text : String.valueOf(response.code());
        }
    }
}
