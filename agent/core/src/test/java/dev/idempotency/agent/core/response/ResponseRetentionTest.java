package dev.idempotency.agent.core.response;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.core.testing.TestResponse;
import dev.idempotency.agent.store.StoredResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResponseRetentionTest {

    private final ResponseRetention retention = new ResponseRetention(new ReplayHeaders(List.of("X-Order-Version")), 10);

    @Test
    void keepsOnlyAllowListedHeaders() {
        TestResponse captured = TestResponse.status(201)
                .header("Content-Type", "application/json")
                .header("content-language", "en")
                .header("Location", "/orders/1")
                .header("ETag", "\"v1\"")
                .header("Last-Modified", "Thu, 01 Jan 2026 00:00:00 GMT")
                .header("Cache-Control", "no-store")
                .header("X-Order-Version", "3")
                .header("Set-Cookie", "session=secret")
                .header("WWW-Authenticate", "Basic")
                .header("Authorization", "Bearer x")
                .header("Connection", "keep-alive")
                .header("Transfer-Encoding", "chunked")
                .header("Date", "Thu, 01 Jan 2026 00:00:00 GMT")
                .header("Content-Length", "2")
                .header("X-Internal", "1")
                .body("ok");
        StoredResponse stored = retention.retain(captured, 201);
        assertThat(stored.headers()).containsOnlyKeys("Content-Type", "content-language", "Location", "ETag",
                "Last-Modified", "Cache-Control", "X-Order-Version");
        assertThat(stored.status()).isEqualTo(201);
        assertThat(new String(stored.body())).isEqualTo("ok");
        assertThat(stored.bodyRetained()).isTrue();
    }

    @Test
    void representationHeadersTravelWithTheBody() {
        StoredResponse stored = retention.retain(TestResponse.status(200)
                .header("Content-Encoding", "gzip")
                .header("Content-Disposition", "attachment; filename=\"order.pdf\"")
                .header("Content-Location", "/orders/1")
                .header("Vary", "Accept-Encoding")
                .body("gz"), 200);
        assertThat(stored.headers()).containsOnlyKeys("Content-Encoding", "Content-Disposition", "Content-Location",
                "Vary");
    }

    @Test
    void sessionIdsAreCutFromStoredUrls() {
        StoredResponse stored = retention.retain(TestResponse.status(302)
                .header("Location", "/owners/7;jsessionid=A1B2C3?tab=pets#top")
                .header("Content-Location", "http://shop.example/o/1;JSESSIONID=X;v=2/items;mysessionid=Y")
                .body(""), 302);
        assertThat(stored.headers().get("Location")).containsExactly("/owners/7?tab=pets#top");
        assertThat(stored.headers().get("Content-Location")).containsExactly("http://shop.example/o/1;v=2/items");
        assertThat(SessionIds.removeFromUrl("/orders/1")).isEqualTo("/orders/1");
        assertThat(SessionIds.removeFromUrl("/a;b=1/c?x=;jsessionid=q")).as("the query is not a path")
                .isEqualTo("/a;b=1/c?x=;jsessionid=q");
    }

    @Test
    void valuesThatAreNoValidHeaderFieldAreNeverKept() {
        StoredResponse stored = retention.retain(TestResponse.status(201)
                .header("Location", "/orders/1\r\nInjected: yes")
                .header("ETag", "\"v1\"")
                .body(""), 201);
        assertThat(stored.headers()).containsOnlyKeys("ETag");
        assertThat(FieldSyntax.isValue("a\tb c")).isTrue();
        assertThat(FieldSyntax.isValue("a\nb")).isFalse();
        assertThat(FieldSyntax.isName("Location")).isTrue();
        assertThat(FieldSyntax.isName("Bad Name")).isFalse();
    }

    @Test
    void forbiddenHeadersStayOutEvenWhenConfigured() {
        ReplayHeaders headers = new ReplayHeaders(List.of("Set-Cookie", "Authorization", "Content-Length"));
        assertThat(headers.allows("set-cookie")).isFalse();
        assertThat(headers.allows("Authorization")).isFalse();
        assertThat(headers.allows("Content-Length")).isFalse();
        assertThat(headers.allows("ETag")).isTrue();
    }

    @Test
    void bodyOverTheLimitIsNotRetained() {
        StoredResponse stored = retention.retain(TestResponse.status(200).body("0123456789A"), 200);
        assertThat(stored.bodyRetained()).isFalse();
        assertThat(stored.body()).isEmpty();
        assertThat(retention.retain(TestResponse.status(200).body("0123456789"), 200).bodyRetained()).isTrue();
    }

    @Test
    void incompleteBodyIsNotRetained() {
        StoredResponse stored = retention.retain(TestResponse.status(200).body("0123").incomplete(), 200);
        assertThat(stored.bodyRetained()).isFalse();
    }

    @Test
    void noCaptureStoresTheStatusAlone() {
        StoredResponse stored = retention.retain(null, 500);
        assertThat(stored.status()).isEqualTo(500);
        assertThat(stored.headers()).isEmpty();
        assertThat(stored.bodyRetained()).isTrue();
    }
}
