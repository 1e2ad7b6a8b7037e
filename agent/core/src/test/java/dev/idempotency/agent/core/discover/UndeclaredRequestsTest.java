package dev.idempotency.agent.core.discover;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.core.route.RouteTable;
import dev.idempotency.agent.core.testing.TestEndpoints;
import dev.idempotency.agent.core.testing.TestRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class UndeclaredRequestsTest {

    private final UndeclaredRequests undeclared = new UndeclaredRequests("Idempotency-Key");

    @Test
    void idLikeSegmentsAreCollapsedIntoOneEntry() {
        undeclared.saw(TestRequest.post("/orders/1/payments").build(), null);
        undeclared.saw(TestRequest.post("/orders/2/payments").build(), null);
        undeclared.saw(TestRequest.post("/orders/3f2504e0-4f89-11d3-9a0c-0305e82c3301/payments").build(), null);
        undeclared.saw(TestRequest.post("/orders/5f1d7a2b9c3e4d6f/payments/").build(), null);

        assertThat(undeclared.lines()).containsExactly("POST /orders/{id}/payments: 4 request(s), Idempotency-Key "
                + "never sent, content types: none, credentials: none");
    }

    @Test
    void discoverAndRoutingAgreeOnEverySpellingOfAPath() {
        List<String> spellings = List.of("/orders/7/payments", "//orders/7/payments", "/orders/7/payments/",
                "/orders;x=1/7/payments", "/orders/7;v=2/payments;jsessionid=A1", "/orders//7/./payments",
                "/x/../orders/7/payments");
        for (String spelling : spellings) {
            undeclared.saw(TestRequest.post(spelling).build(), null);
        }

        assertThat(undeclared.lines()).hasSize(1);
        String line = undeclared.lines()[0];
        String listed = line.substring("POST ".length(), line.indexOf(':'));
        assertThat(listed).isEqualTo("/orders/{id}/payments");
        RouteTable declared = new RouteTable(List.of(TestEndpoints.byPath("pay", "POST", listed)));
        for (String spelling : spellings) {
            assertThat(declared.route("POST", spelling)).as(spelling).isNotNull();
        }
        assertThat(UndeclaredRequests.collapse("//")).isEqualTo("/");
        assertThat(UndeclaredRequests.collapse("/;x")).isEqualTo("/");
    }

    @Test
    void namedSegmentsStayAndOnlyStateChangingMethodsCount() {
        assertThat(UndeclaredRequests.collapse("/orders/v2/draft")).isEqualTo("/orders/v2/draft");
        assertThat(UndeclaredRequests.collapse("")).isEqualTo("/");
        undeclared.saw(TestRequest.request("GET", "/orders/1").build(), null);
        undeclared.saw(TestRequest.request("HEAD", "/orders/1").build(), null);
        undeclared.saw(TestRequest.request("OPTIONS", "/orders").build(), null);
        undeclared.saw(TestRequest.request("DELETE", "/orders/7").build(), null);
        undeclared.saw(TestRequest.request("PUT", "/orders/7").build(), null);
        undeclared.saw(TestRequest.request("PATCH", "/orders/7").build(), null);

        assertThat(undeclared.lines()).extracting(line -> line.substring(0, line.indexOf(':')))
                .containsExactly("DELETE /orders/{id}", "PATCH /orders/{id}", "PUT /orders/{id}");
    }

    @Test
    void keepsNamesNeverValues() {
        undeclared.saw(TestRequest.post("/orders").key("key-secret-1").principal("alice-secret")
                .header("Content-Type", "application/json; charset=UTF-8")
                .header("Cookie", "theme=dark-secret; JSESSIONID=session-secret")
                .header("X-Tenant-Id", "tenant-secret").query("token", "query-secret")
                .body("{\"card\":\"body-secret\"}").build(), "com.acme.Orders#create");
        undeclared.saw(TestRequest.post("/orders").header("Content-Type", "text/plain; secret=param-secret").build(),
                "com.acme.Orders#create");

        String[] lines = undeclared.lines();
        assertThat(lines).containsExactly("POST /orders (resource-method com.acme.Orders#create): 2 request(s), "
                + "Idempotency-Key sent with 1, content types: application/json, text/plain, credentials: principal, "
                + "session cookie JSESSIONID, header X-Tenant-Id");
        assertThat(String.join("\n", lines) + undeclared.endpointsSkeleton()).doesNotContain("secret", "dark");
    }

    @Test
    void aContentTypeThatIsNoMediaTypeIsNotKept() {
        undeclared.saw(TestRequest.post("/orders").header("Content-Type", "card 4111 1111 1111 1111").build(), null);

        assertThat(undeclared.lines()).containsExactly(
                "POST /orders: 1 request(s), Idempotency-Key never sent, content types: none, credentials: none");
    }

    @Test
    void entriesAreBoundedAndWhatGoesBeyondIsOnlyCounted() {
        for (int i = 0; i < UndeclaredRequests.MAX_ENTRIES + 5; i++) {
            undeclared.saw(TestRequest.post("/things/t" + i).build(), null);
        }
        undeclared.saw(TestRequest.post("/things/t0").build(), null);

        String[] lines = undeclared.lines();
        assertThat(lines).hasSize(UndeclaredRequests.MAX_ENTRIES + 1);
        assertThat(lines[0]).startsWith("POST /things/t0: 2 request(s)");
        assertThat(lines[UndeclaredRequests.MAX_ENTRIES]).isEqualTo("5 more request(s) to further paths, not listed: "
                + "at most 200 method and path pairs are kept");
    }

    @Test
    void skeletonDeclaresEachEntryWithWhatItsRequestsShowed() {
        undeclared.saw(TestRequest.post("/orders").key("k1").header("Content-Type", "application/json")
                .principal("alice").build(), null);
        undeclared.saw(TestRequest.post("/orders").header("Content-Type", "application/json").principal("bob").build(),
                null);
        undeclared.saw(TestRequest.post("/orders/5/payments").key("k2").header("X-Merchant-Id", "m1").principal("alice")
                .build(), null);
        undeclared.saw(TestRequest.request("PUT", "/carts/9").key("k3").build(), "com.acme.Carts#replace");

        assertThat(undeclared.endpointsSkeleton()).isEqualTo("endpoints:\n"
                + "  - name: post-orders\n"
                + "    method: POST\n"
                + "    path: /orders\n"
                + "    fingerprint:\n"
                + "      mode: json\n"
                + "    scope: principal\n"
                + "  - name: replace\n"
                + "    method: PUT\n"
                + "    resource-method: com.acme.Carts#replace\n"
                + "    path: /carts/{id}   # below the JAX-RS application root: verify calls it there\n"
                + "    # scope: none   (no credentials seen: a replay answers whoever sends the same key)\n"
                + "  - name: post-orders-payments\n"
                + "    method: POST\n"
                + "    path: /orders/{id}/payments\n"
                + "    # scope: one of principal, header:X-Merchant-Id   (requests carried several; choose)\n");
    }

    @Test
    void aBrowserFacingApplicationsDraftKeepsItWorkingWhenPasted() {
        // what a browser sends: a login, a form post with the session cookie and no key, an order by a link
        undeclared.saw(TestRequest.post("/login").header("Content-Type", "application/x-www-form-urlencoded").build(),
                null);
        undeclared.saw(TestRequest.post("/shop/orders").header("Content-Type", "application/x-www-form-urlencoded")
                .header("Cookie", "JSESSIONID=s1").build(), null);
        undeclared.saw(TestRequest.request("GET", "/shop/checkout").query("newOrder", "").query("item", "book")
                .query("confirmed", "true").header("Cookie", "JSESSIONID=s1").build(), null);
        undeclared.saw(TestRequest.request("GET", "/shop/orders/7").query("address", "x").build(), null);
        undeclared.saw(TestRequest.request("GET", "/shop/catalog").build(), null);

        assertThat(undeclared.lines()).containsExactly(
                "POST /login: 1 request(s), Idempotency-Key never sent, content types: "
                        + "application/x-www-form-urlencoded, credentials: none",
                "GET /shop/checkout: 1 request(s), Idempotency-Key never sent, content types: none, credentials: "
                        + "session cookie JSESSIONID, a GET that may change state (its query names confirmed, newOrder)",
                "POST /shop/orders: 1 request(s), Idempotency-Key never sent, content types: "
                        + "application/x-www-form-urlencoded, credentials: session cookie JSESSIONID");
        assertThat(undeclared.endpointsSkeleton()).isEqualTo("endpoints:\n"
                + "  - name: post-shop-orders\n"
                + "    method: POST\n"
                + "    path: /shop/orders\n"
                + "    required: false   # its callers never sent Idempotency-Key (a browser's form does not): with "
                + "true every one of them gets 400 until it sends one; without a key a request runs unprotected\n"
                + "    scope: cookie:JSESSIONID\n"
                + "  # not drafted: POST /login, a login or logout: it opens or ends a session, a repeat of it does "
                + "no harm, and a required key would turn every user away\n"
                + "  # not drafted: GET /shop/checkout, a GET that may change state (its query names confirmed, "
                + "newOrder); to protect it, uncomment (its callers send no key, so it runs unprotected until they do):\n"
                + "  # - name: get-shop-checkout\n"
                + "  #   method: GET\n"
                + "  #   path: /shop/checkout\n"
                + "  #   required: false\n");
    }

    @Test
    void aGetWithAKeyIsListedAndALoginAloneDraftsNoEndpointsList() {
        undeclared.saw(TestRequest.request("GET", "/reports/run").key("k1").build(), null);
        undeclared.saw(TestRequest.post("/j_security_check").build(), null);

        assertThat(undeclared.lines()[1]).endsWith("a GET that may change state (it carried a key)");
        assertThat(undeclared.endpointsSkeleton()).doesNotContain("endpoints:").contains(
                "  # not drafted: GET /reports/run, a GET that may change state (it carried a key)",
                "  # not drafted: POST /j_security_check, a login or logout");
    }

    @Test
    void commandParametersAreVerbsNotWordsThatStartLikeThem() {
        assertThat(UndeclaredRequests.commandParameters("newOrder=&confirmed=true&address=x&payment=card&deleted=false"
                + "&add_item=1&save&orderId=5&cancel")).containsExactly("newOrder", "confirmed", "add_item", "save", "cancel");
        assertThat(UndeclaredRequests.commandParameters(null)).isEmpty();
    }
}
