package dev.idempotency.agent.clients.okhttp3;

import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import okhttp3.HttpUrl;
import okhttp3.Request;

/** Gives an unsafe OkHttp request the execution's next key, unless it carries the header. */
public final class OkHttpRequests {

    private OkHttpRequests() {
    }

    /** {@code request}, or a copy of it with the key header. */
    public static Request keyed(Request request) {
        OutgoingKeys keys = DownstreamCalls.current();
        if (keys == null || request == null || !DownstreamCalls.isUnsafe(request.method())) {
            return request;
        }
        String header = keys.header();
        if (request.header(header) != null) {
            return request;
        }
        HttpUrl url = request.url();
        String key = keys.next("OkHttp", request.method(), url.toString(), url.host(), url.port());
        if (key == null) {
            return request;
        }
        Request.Builder keyed = request.newBuilder().header(header, key);
        String deadline = keys.deadlineHeader();
        if (deadline != null && request.header(deadline) == null) {
            keyed.header(deadline, keys.deadline());
        }
        return keyed.build();
    }
}
