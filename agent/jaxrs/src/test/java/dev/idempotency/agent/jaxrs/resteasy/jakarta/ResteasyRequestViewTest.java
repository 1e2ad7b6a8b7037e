package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import static dev.idempotency.agent.jaxrs.resteasy.jakarta.DispatchedRequests.dispatched;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import org.jboss.resteasy.core.ResteasyContext;
import org.jboss.resteasy.mock.MockHttpRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ResteasyRequestViewTest {

    @AfterEach
    void done() {
        DispatchedRequests.done();
    }

    @Test
    void theRoutedPathIsDecodedBelowTheBaseUriWithALeadingSlash() {
        MockHttpRequest request = dispatched("POST", "orders/a%20b/payments?currency=EUR");

        assertThat(ResteasyRequestView.routedPath()).isEqualTo("/orders/a b/payments");
    }

    @Test
    void methodAndRawQueryComeFromTheRequest() {
        MockHttpRequest request = dispatched("PUT", "orders/7?currency=EUR&note=a%20b");
        ResteasyRequestView view = new ResteasyRequestView(request, ResteasyRequestView.routedPath(), null);

        assertThat(view.method()).isEqualTo("PUT");
        assertThat(view.path()).isEqualTo("/orders/7");
        assertThat(view.rawQuery()).isEqualTo("currency=EUR&note=a%20b");
    }

    @Test
    void headersAreFoundWhateverTheCaseWithEveryValueInOrder() {
        MockHttpRequest request = dispatched("POST", "orders")
                .header("Idempotency-Key", "key-1").header("X-Tag", "first").header("x-tag", "second");
        ResteasyRequestView view = new ResteasyRequestView(request, "/orders", null);

        assertThat(view.headers("IDEMPOTENCY-KEY")).containsExactly("key-1");
        assertThat(view.headers("X-Tag")).containsExactly("first", "second");
        assertThat(view.headers("Absent")).isEmpty();
    }

    @Test
    void contentLengthIsTheDeclaredOneOrUnknownWhenAbsentOrMalformed() {
        assertThat(view(dispatched("POST", "orders").header("Content-Length", " 11 "))
                .contentLength()).isEqualTo(11);
        assertThat(view(dispatched("POST", "orders")).contentLength()).isEqualTo(-1);
        assertThat(view(dispatched("POST", "orders").header("Content-Length", "eleven"))
                .contentLength()).isEqualTo(-1);
    }

    @Test
    void thePrincipalIsTheOneTheContainerPushedForTheRequest() {
        ResteasyContext.pushContext(SecurityContext.class, signedIn("alice"));
        try {
            assertThat(view(dispatched("POST", "orders")).principal()).isEqualTo("alice");
        } finally {
            DispatchedRequests.done();
        }
    }

    @Test
    void noSecurityContextMeansNoPrincipal() {
        assertThat(view(dispatched("POST", "orders")).principal()).isNull();
    }

    @Test
    void theBodyIsReadOnceAndAnOversizedOneStillReachesTheResourceMethod() throws Exception {
        MockHttpRequest small = dispatched("POST", "orders")
                .content("{\"amount\":5}".getBytes(UTF_8));
        ResteasyRequestView view = view(small);
        assertThat(view.body(1024)).asString(UTF_8).isEqualTo("{\"amount\":5}");
        assertThat(view.body(1024)).asString(UTF_8).isEqualTo("{\"amount\":5}");

        ResteasyRequestView large = view(dispatched("POST", "orders")
                .content("0123456789".getBytes(UTF_8)));
        assertThat(large.body(4)).isNull();
        assertThat(large.readAhead().replay().readAllBytes()).asString(UTF_8).isEqualTo("0123456789");
    }

    private static SecurityContext signedIn(String user) {
        Principal principal = () -> user;
        return new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
                return principal;
            }

            @Override
            public boolean isUserInRole(String role) {
                return false;
            }

            @Override
            public boolean isSecure() {
                return false;
            }

            @Override
            public String getAuthenticationScheme() {
                return BASIC_AUTH;
            }
        };
    }

    private static ResteasyRequestView view(MockHttpRequest request) {
        return new ResteasyRequestView(request, ResteasyRequestView.routedPath(), null);
    }
}
