package dev.idempotency.agent.clients.apache5;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import java.net.URI;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.message.BasicClassicHttpRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The key goes on the application's request for the call and comes off after it, as it was made. */
class ClassicRequestsTest {

    private final NumberedKeys keys = new NumberedKeys();

    @AfterEach
    void leave() {
        DownstreamCalls.leave(keys);
    }

    @Test
    void anUnsafeRequestCarriesTheNextKeyDuringTheCallAndIsLeftAsMadeAfterIt() {
        DownstreamCalls.enter(keys);
        BasicClassicHttpRequest request = new BasicClassicHttpRequest("POST", URI.create("http://payments:8081/charges"));

        String[] headers = ClassicRequests.key(null, request);

        assertThat(headers).containsExactly("Idempotency-Key");
        assertThat(request.getFirstHeader("Idempotency-Key").getValue()).isEqualTo("derived-1");
        assertThat(keys.asked).containsExactly("POST http://payments:8081/charges payments:8081");
        ClassicRequests.unkey(request, headers);
        assertThat(request.containsHeader("Idempotency-Key")).isFalse();
    }

    @Test
    void theTargetTheClientWasGivenNamesTheHostAndTheSchemeItsDefaultPort() {
        DownstreamCalls.enter(keys);
        BasicClassicHttpRequest request = new BasicClassicHttpRequest("PUT", "/orders/7");

        ClassicRequests.key(new HttpHost("https", "api.example.com", -1), request);

        assertThat(keys.asked).containsExactly("PUT https://api.example.com/orders/7 api.example.com:443");
    }

    @Test
    void aSafeRequestARequestWithItsOwnKeyAndACallOutsideAnExecutionAreLeftAlone() {
        BasicClassicHttpRequest outside = new BasicClassicHttpRequest("POST", URI.create("http://payments/charges"));
        assertThat(ClassicRequests.key(null, outside)).isNull();

        DownstreamCalls.enter(keys);
        BasicClassicHttpRequest get = new BasicClassicHttpRequest("GET", URI.create("http://payments/charges"));
        BasicClassicHttpRequest own = new BasicClassicHttpRequest("POST", URI.create("http://payments/charges"));
        own.setHeader("Idempotency-Key", "app-key");

        assertThat(ClassicRequests.key(null, get)).isNull();
        assertThat(ClassicRequests.key(null, own)).isNull();
        ClassicRequests.unkey(own, null);

        assertThat(outside.containsHeader("Idempotency-Key")).isFalse();
        assertThat(get.containsHeader("Idempotency-Key")).isFalse();
        assertThat(own.getFirstHeader("Idempotency-Key").getValue()).isEqualTo("app-key");
        assertThat(keys.asked).isEmpty();
    }
}
