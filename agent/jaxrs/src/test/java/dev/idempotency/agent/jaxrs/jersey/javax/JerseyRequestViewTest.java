package dev.idempotency.agent.jaxrs.jersey.javax;

import static dev.idempotency.agent.jaxrs.jersey.javax.JerseyRequests.request;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import org.glassfish.jersey.server.ContainerRequest;
import org.junit.jupiter.api.Test;

class JerseyRequestViewTest {

    @Test
    void theRoutedPathIsDecodedBelowTheBaseUriWithALeadingSlash() {
        ContainerRequest request = request("POST", "orders/a%20b/payments?currency=EUR");

        assertThat(JerseyRequestView.routedPath(request)).isEqualTo("/orders/a b/payments");
    }

    @Test
    void theApplicationRootRoutesAsTheSlash() {
        assertThat(JerseyRequestView.routedPath(request("POST", ""))).isEqualTo("/");
    }

    @Test
    void methodQueryAndPrincipalComeFromTheRequest() {
        ContainerRequest request = request("PUT", "orders/7?currency=EUR&note=a%20b", "alice");
        JerseyRequestView view = new JerseyRequestView(request, JerseyRequestView.routedPath(request), null);

        assertThat(view.method()).isEqualTo("PUT");
        assertThat(view.path()).isEqualTo("/orders/7");
        assertThat(view.rawQuery()).isEqualTo("currency=EUR&note=a%20b");
        assertThat(view.principal()).isEqualTo("alice");
    }

    @Test
    void noQueryAndNoSecurityContextAreNull() {
        JerseyRequestView view = new JerseyRequestView(request("POST", "orders"), "/orders", null);

        assertThat(view.rawQuery()).isNull();
        assertThat(view.principal()).isNull();
    }

    @Test
    void headersAreFoundWhateverTheCaseWithEveryValueInOrder() {
        ContainerRequest request = request("POST", "orders");
        request.header("Idempotency-Key", "key-1");
        request.header("X-Tag", "first");
        request.header("x-tag", "second");
        JerseyRequestView view = new JerseyRequestView(request, "/orders", null);

        assertThat(view.headers("idempotency-key")).containsExactly("key-1");
        assertThat(view.headers("X-TAG")).containsExactly("first", "second");
        assertThat(view.headers("Absent")).isEmpty();
    }

    @Test
    void contentLengthIsTheDeclaredOneOrUnknown() {
        ContainerRequest declared = request("POST", "orders");
        declared.header("Content-Length", "11");

        assertThat(new JerseyRequestView(declared, "/orders", null).contentLength()).isEqualTo(11);
        assertThat(new JerseyRequestView(request("POST", "orders"), "/orders", null).contentLength()).isEqualTo(-1);
    }

    @Test
    void theBodyIsReadOnceAndKeptWholeForTheResourceMethod() throws Exception {
        ContainerRequest request = request("POST", "orders");
        request.setEntityStream(new ByteArrayInputStream("{\"amount\":5}".getBytes(UTF_8)));
        JerseyRequestView view = new JerseyRequestView(request, "/orders", null);

        assertThat(view.body(1024)).asString(UTF_8).isEqualTo("{\"amount\":5}");
        assertThat(view.body(1024)).asString(UTF_8).isEqualTo("{\"amount\":5}");
        assertThat(view.readAhead().replay().readAllBytes()).asString(UTF_8).isEqualTo("{\"amount\":5}");
    }

    @Test
    void aBodyOverTheLimitIsNotGivenToTheCoreButStillReachesTheResourceMethod() throws Exception {
        ContainerRequest request = request("POST", "orders");
        request.setEntityStream(new ByteArrayInputStream("0123456789".getBytes(UTF_8)));
        JerseyRequestView view = new JerseyRequestView(request, "/orders", null);

        assertThat(view.body(4)).isNull();
        assertThat(view.readAhead().replay().readAllBytes()).asString(UTF_8).isEqualTo("0123456789");
    }
}
