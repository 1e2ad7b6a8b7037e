package dev.idempotency.agent.core.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.core.policy.EndpointPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

class RouteTableTest {

    private static EndpointPolicy endpoint(String name, String method, String path) {
        return EndpointPolicy.builder().name(name).method(method).pathTemplate(path).build();
    }

    private final EndpointPolicy createOrder = endpoint("create-order", "POST", "/orders");
    private final EndpointPolicy pay = endpoint("pay", "POST", "/orders/{id}/payments");
    private final EndpointPolicy replaceOrder = endpoint("replace-order", "PUT", "/orders/{id}");
    private final EndpointPolicy search = endpoint("search", "POST", "/orders/search");
    private final EndpointPolicy anyOrder = endpoint("any-order", "POST", "/orders/{id}");
    private final EndpointPolicy tenantJobs = endpoint("tenant-jobs", "POST", "/{tenant}/jobs");
    private final EndpointPolicy byResource = EndpointPolicy.builder().name("resource").method("POST")
            .resourceMethod("com.acme.OrderResource#create").build();

    private final RouteTable table = new RouteTable(
            List.of(createOrder, pay, replaceOrder, search, anyOrder, tenantJobs, byResource));

    @Test
    void exactPathMatches() {
        assertThat(table.route("POST", "/orders")).isSameAs(createOrder);
    }

    @Test
    void templateVariableMatchesOneSegment() {
        assertThat(table.route("POST", "/orders/42/payments")).isSameAs(pay);
        assertThat(table.route("PUT", "/orders/42")).isSameAs(replaceOrder);
        assertThat(table.route("POST", "/acme/jobs")).isSameAs(tenantJobs);
    }

    @Test
    void exactPathWinsOverTemplate() {
        assertThat(table.route("POST", "/orders/search")).isSameAs(search);
        assertThat(table.route("POST", "/orders/other")).isSameAs(anyOrder);
    }

    @Test
    void variableNeedsANonEmptySegment() {
        assertThat(table.route("POST", "/orders//payments")).isNull();
        assertThat(table.route("PUT", "/orders/")).isNull();
    }

    @Test
    void trailingSlashIsADifferentPath() {
        assertThat(table.route("POST", "/orders/")).isNull();
        assertThat(table.route("POST", "/orders/42/payments/")).isNull();
    }

    @Test
    void missesReturnNull() {
        assertThat(table.route("POST", "/customers")).isNull();
        assertThat(table.route("POST", "/orders/42/payments/7")).isNull();
        assertThat(table.route("POST", "/ordersx/42/payments")).isNull();
        assertThat(table.route("POST", "/")).isNull();
        assertThat(table.route("POST", "")).isNull();
        assertThat(table.route(null, "/orders")).isNull();
    }

    @Test
    void methodMustMatch() {
        assertThat(table.route("GET", "/orders")).isNull();
        assertThat(table.route("GET", "/orders/42/payments")).isNull();
        assertThat(table.route("post", "/orders")).isNull();
        assertThat(table.route("DELETE", "/orders/42")).isNull();
    }

    @Test
    void resourceMethodLookup() {
        assertThat(table.routeResourceMethod("com.acme.OrderResource", "create", "POST", "/api/orders"))
                .isSameAs(byResource);
        assertThat(table.routeResourceMethod("com.acme.OrderResource", "delete", "POST", "/orders"))
                .as("falls back to method and path").isSameAs(createOrder);
        assertThat(table.routeResourceMethod("com.acme.Other", "create", "POST", "/nothing")).isNull();
    }

    @Test
    void anEndpointWithoutPathIsNeverMatchedByMethodAndPath() {
        // The servlet adapter routes by method and path only.
        assertThat(table.route("POST", "/api/orders")).isNull();
        assertThat(table.routeResourceMethod("com.acme.Other", "create", "POST", "/api/orders")).isNull();
    }

    @Test
    void theResourceMethodWinsOverAPathThatMatchesTheSameRequest() {
        assertThat(table.routeResourceMethod("com.acme.OrderResource", "create", "POST", "/orders"))
                .isSameAs(byResource);
    }

    @Test
    void aResourceMethodReachedWithAnotherHttpMethodFallsBackToThePath() {
        assertThat(table.routeResourceMethod("com.acme.OrderResource", "create", "PUT", "/orders/42"))
                .isSameAs(replaceOrder);
        assertThat(table.routeResourceMethod("com.acme.OrderResource", "create", "PUT", "/nothing")).isNull();
    }

    @Test
    void anEndpointWithPathAndResourceMethodMatchesByEither() {
        EndpointPolicy legacy = EndpointPolicy.builder().name("legacy").method("POST").pathTemplate("/legacy")
                .resourceMethod("com.acme.LegacyResource#submit").build();
        RouteTable both = new RouteTable(List.of(legacy));

        assertThat(both.routeResourceMethod("com.acme.LegacyResource", "submit", "POST", "/v2/submit")).isSameAs(legacy);
        assertThat(both.routeResourceMethod("com.acme.Other", "submit", "POST", "/legacy")).isSameAs(legacy);
        assertThat(both.route("POST", "/legacy")).isSameAs(legacy);
    }

    @Test
    void endpointsWithoutPathDoNotConflictWithEachOther() {
        EndpointPolicy form = EndpointPolicy.builder().name("form").method("POST")
                .resourceMethod("com.acme.OrderResource#createFromForm").build();
        RouteTable table = new RouteTable(List.of(byResource, form, createOrder));

        assertThat(table.routeResourceMethod("com.acme.OrderResource", "createFromForm", "POST", "/orders/form"))
                .isSameAs(form);
    }

    @Test
    void theSameResourceMethodTwiceIsRejected() {
        EndpointPolicy again = byResource.toBuilder().name("again").build();
        assertThatThrownBy(() -> new RouteTable(List.of(byResource, again)))
                .hasMessageContaining("com.acme.OrderResource#create");
    }

    @Test
    void duplicateDeclarationsAreRejected() {
        assertThatThrownBy(() -> new RouteTable(List.of(createOrder, endpoint("again", "POST", "/orders"))))
                .hasMessageContaining("POST /orders");
    }

    @Test
    void variableMustFillTheSegment() {
        assertThatThrownBy(() -> new RouteTable(List.of(endpoint("bad", "POST", "/orders/x{id}"))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rootTemplate() {
        EndpointPolicy root = endpoint("root", "POST", "/");
        RouteTable rootOnly = new RouteTable(List.of(root));
        assertThat(rootOnly.route("POST", "/")).isSameAs(root);
        assertThat(rootOnly.route("POST", "/x")).isNull();
    }
}
