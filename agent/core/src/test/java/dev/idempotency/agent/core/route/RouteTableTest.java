package dev.idempotency.agent.core.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.testing.TestEndpoints;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

class RouteTableTest {

    private static EndpointPolicy endpoint(String name, String method, String path) {
        return TestEndpoints.byPath(name, method, path);
    }

    /** The endpoint a route leads to; {@code null} for none. */
    private static EndpointPolicy endpointOf(DeclaredRoute route) {
        return route == null ? null : route.policy();
    }

    private final EndpointPolicy createOrder = endpoint("create-order", "POST", "/orders");
    private final EndpointPolicy pay = endpoint("pay", "POST", "/orders/{id}/payments");
    private final EndpointPolicy replaceOrder = endpoint("replace-order", "PUT", "/orders/{id}");
    private final EndpointPolicy search = endpoint("search", "POST", "/orders/search");
    private final EndpointPolicy anyOrder = endpoint("any-order", "POST", "/orders/{id}");
    private final EndpointPolicy tenantJobs = endpoint("tenant-jobs", "POST", "/{tenant}/jobs");
    private final EndpointPolicy byResource = TestEndpoints.byResourceMethod("resource", "POST", OrderResource.class.getName() + "#create");

    private final RouteTable table = new RouteTable(
            List.of(createOrder, pay, replaceOrder, search, anyOrder, tenantJobs, byResource));

    @Test
    void exactPathMatches() {
        assertThat(endpointOf(table.route("POST", "/orders"))).isSameAs(createOrder);
    }

    @Test
    void templateVariableMatchesOneSegment() {
        assertThat(endpointOf(table.route("POST", "/orders/42/payments"))).isSameAs(pay);
        assertThat(endpointOf(table.route("PUT", "/orders/42"))).isSameAs(replaceOrder);
        assertThat(endpointOf(table.route("POST", "/acme/jobs"))).isSameAs(tenantJobs);
    }

    @Test
    void exactPathWinsOverTemplate() {
        assertThat(endpointOf(table.route("POST", "/orders/search"))).isSameAs(search);
        assertThat(endpointOf(table.route("POST", "/orders/other"))).isSameAs(anyOrder);
    }

    @Test
    void variableNeedsANonEmptySegment() {
        // Empty segments are collapsed first, as containers do before routing.
        assertThat(endpointOf(table.route("POST", "/orders//payments"))).isSameAs(anyOrder);
        assertThat(endpointOf(table.route("PUT", "/orders/"))).isNull();
        assertThat(endpointOf(table.route("PUT", "/orders//"))).isNull();
    }

    @Test
    void everySpellingTheContainerRoutesIsTheSameEndpoint() {
        for (String spelling : List.of("/orders/", "//orders", "/./orders", "/x/../orders", "/orders;jsessionid=A1",
                "/orders/;x", "/../orders", "/orders/.")) {
            assertThat(endpointOf(table.route("POST", spelling))).as(spelling).isSameAs(createOrder);
        }
        for (String spelling : List.of("/orders/42/payments/", "/orders/42//payments", "/orders//42/payments",
                "/orders/42/payments;x=1", "/orders/42;v=2/payments", "/orders/42/./payments")) {
            assertThat(endpointOf(table.route("POST", spelling))).as(spelling).isSameAs(pay);
        }
    }

    @Test
    void anExtensionFormIsTheEndpointOfThePathWithoutIt() {
        assertThat(table.route("POST", "/orders.json")).isNull();
        DeclaredRoute json = table.routeExtensionForm("POST", "/orders.json");
        assertThat(endpointOf(json)).isSameAs(createOrder);
        assertThat(json.path()).as("fingerprinted as the declared path").isEqualTo("/orders");
        assertThat(endpointOf(table.routeExtensionForm("POST", "/orders.tar.gz"))).isSameAs(createOrder);
        assertThat(endpointOf(table.routeExtensionForm("POST", "/orders/42/payments.xml"))).isSameAs(pay);
        assertThat(table.routeExtensionForm("POST", "/orders/42/payments.xml").path()).isEqualTo("/orders/42/payments");
    }

    @Test
    void onlyTheLastSegmentsExtensionIsDropped() {
        assertThat(table.routeExtensionForm("POST", "/orders")).as("no extension").isNull();
        assertThat(table.routeExtensionForm("POST", "/orders/.json")).as("a dot file is no extension of /orders").isNull();
        assertThat(table.routeExtensionForm("POST", "/orders.v1/42/payments")).as("a dot before the last segment").isNull();
        assertThat(table.routeExtensionForm("GET", "/orders.json")).as("another method").isNull();
    }

    @Test
    void aRouteCarriesThePathInItsNormalForm() {
        assertThat(table.route("POST", "//orders/42/./payments;x=1").path()).isEqualTo("/orders/42/payments");
        assertThat(table.routeResourceMethod(OrderResource.class, "create", "POST", "/api//orders/").path())
                .isEqualTo("/api/orders");
    }

    @Test
    void belowADispatcherMappingTheRouteMatchesThatPathAndCarriesTheRoutedOne() {
        DeclaredRoute below = table.routeBelowMapping("POST", "/api//orders/", "/orders/");

        assertThat(endpointOf(below)).isSameAs(createOrder);
        assertThat(below.path()).as("the path the request is fingerprinted and logged by").isEqualTo("/api/orders");
        assertThat(table.routeBelowMapping("POST", "/api/customers", "/customers")).isNull();
    }

    @Test
    void aTemplateWithATrailingSlashIsTheTemplateWithout() {
        EndpointPolicy slashed = endpoint("slashed", "POST", "/orders/");
        RouteTable table = new RouteTable(List.of(slashed));

        assertThat(endpointOf(table.route("POST", "/orders"))).isSameAs(slashed);
        assertThat(endpointOf(table.route("POST", "/orders/"))).isSameAs(slashed);
        assertThatThrownBy(() -> new RouteTable(List.of(slashed, endpoint("plain", "POST", "/orders"))))
                .hasMessageContaining("a second time");
    }

    @Test
    void aPathDeclaredWithTheContextPathIsRecognised() {
        EndpointPolicy withContext = endpoint("with-context", "POST", "/shop/actions/Order.action");
        RouteTable table = new RouteTable(List.of(withContext));

        assertThat(endpointOf(table.route("POST", "/actions/Order.action"))).isNull();
        assertThat(table.routeIncludingContextPath("POST", "/shop", "/actions/Order.action")).isSameAs(withContext);
        assertThat(table.routeIncludingContextPath("POST", "", "/actions/Order.action")).isNull();
        assertThat(table.routeIncludingContextPath("POST", "/other", "/actions/Order.action")).isNull();
    }

    @Test
    void missesReturnNull() {
        assertThat(endpointOf(table.route("POST", "/customers"))).isNull();
        assertThat(endpointOf(table.route("POST", "/orders/42/payments/7"))).isNull();
        assertThat(endpointOf(table.route("POST", "/ordersx/42/payments"))).isNull();
        assertThat(endpointOf(table.route("POST", "/"))).isNull();
        assertThat(endpointOf(table.route("POST", ""))).isNull();
        assertThat(endpointOf(table.route(null, "/orders"))).isNull();
    }

    @Test
    void methodMustMatch() {
        assertThat(endpointOf(table.route("GET", "/orders"))).isNull();
        assertThat(endpointOf(table.route("GET", "/orders/42/payments"))).isNull();
        assertThat(endpointOf(table.route("post", "/orders"))).isNull();
        assertThat(endpointOf(table.route("DELETE", "/orders/42"))).isNull();
    }

    @Test
    void resourceMethodLookup() {
        assertThat(endpointOf(table.routeResourceMethod(OrderResource.class, "create", "POST", "/api/orders")))
                .isSameAs(byResource);
        assertThat(endpointOf(table.routeResourceMethod(OrderResource.class, "delete", "POST", "/orders")))
                .as("falls back to method and path").isSameAs(createOrder);
        assertThat(endpointOf(table.routeResourceMethod(Other.class, "create", "POST", "/nothing"))).isNull();
    }

    @Test
    void anEndpointWithoutPathIsNeverMatchedByMethodAndPath() {
        // The servlet adapter routes by method and path only.
        assertThat(endpointOf(table.route("POST", "/api/orders"))).isNull();
        assertThat(endpointOf(table.routeResourceMethod(Other.class, "create", "POST", "/api/orders"))).isNull();
    }

    @Test
    void theResourceMethodWinsOverAPathThatMatchesTheSameRequest() {
        assertThat(endpointOf(table.routeResourceMethod(OrderResource.class, "create", "POST", "/orders")))
                .isSameAs(byResource);
    }

    @Test
    void aResourceMethodReachedWithAnotherHttpMethodFallsBackToThePath() {
        assertThat(endpointOf(table.routeResourceMethod(OrderResource.class, "create", "PUT", "/orders/42")))
                .isSameAs(replaceOrder);
        assertThat(endpointOf(table.routeResourceMethod(OrderResource.class, "create", "PUT", "/nothing"))).isNull();
    }

    @Test
    void anEndpointWithPathAndResourceMethodMatchesByEither() {
        EndpointPolicy legacy = TestEndpoints.declared("legacy", "POST", "/legacy", LegacyResource.class.getName() + "#submit", EndpointSettings.defaults());
        RouteTable both = new RouteTable(List.of(legacy));

        assertThat(endpointOf(both.routeResourceMethod(LegacyResource.class, "submit", "POST", "/v2/submit"))).isSameAs(legacy);
        assertThat(endpointOf(both.routeResourceMethod(Other.class, "submit", "POST", "/legacy"))).isSameAs(legacy);
        assertThat(endpointOf(both.route("POST", "/legacy"))).isSameAs(legacy);
    }

    @Test
    void endpointsWithoutPathDoNotConflictWithEachOther() {
        EndpointPolicy form = TestEndpoints.byResourceMethod("form", "POST", OrderResource.class.getName() + "#createFromForm");
        RouteTable table = new RouteTable(List.of(byResource, form, createOrder));

        assertThat(endpointOf(table.routeResourceMethod(OrderResource.class, "createFromForm", "POST", "/orders/form")))
                .isSameAs(form);
    }

    @Test
    void theSameResourceMethodTwiceIsRejected() {
        EndpointPolicy again = TestEndpoints.byResourceMethod("again", "POST", byResource.resourceMethod());
        assertThatThrownBy(() -> new RouteTable(List.of(byResource, again)))
                .hasMessageContaining(OrderResource.class.getName() + "#create");
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
    void aMethodDeclaredOnAnInterfaceProtectsItsImplementations() {
        EndpointPolicy onInterface = TestEndpoints.byResourceMethod("api", "POST", OrdersApi.class.getName() + "#create");
        RouteTable table = new RouteTable(List.of(onInterface));

        assertThat(endpointOf(table.routeResourceMethod(OrdersApiImpl.class, "create", "POST", "/x"))).isSameAs(onInterface);
        assertThat(endpointOf(table.routeResourceMethod(SubclassedImpl.class, "create", "POST", "/x"))).isSameAs(onInterface);
        assertThat(endpointOf(table.routeResourceMethod(OrdersApiImpl.class, "delete", "POST", "/x"))).isNull();
    }

    @Test
    void aDeclaredMethodTheClassDoesNotHaveIsReportedWithTheClosestNames() {
        EndpointPolicy typo = TestEndpoints.byResourceMethod("typo", "POST", OrderResource.class.getName() + "#craete");
        RouteTable table = new RouteTable(List.of(typo));
        List<String> warnings = new java.util.ArrayList<>();
        table.warnTo((endpoint, message) -> warnings.add(endpoint.name() + ": " + message));

        assertThat(endpointOf(table.routeResourceMethod(OrderResource.class, "create", "POST", "/orders"))).isNull();
        table.routeResourceMethod(OrderResource.class, "delete", "POST", "/orders");

        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0)).startsWith("typo: resource-method " + OrderResource.class.getName() + "#craete")
                .contains("protects nothing").contains("closest: create, ");
    }

    @Test
    void rootTemplate() {
        EndpointPolicy root = endpoint("root", "POST", "/");
        RouteTable rootOnly = new RouteTable(List.of(root));
        assertThat(endpointOf(rootOnly.route("POST", "/"))).isSameAs(root);
        assertThat(endpointOf(rootOnly.route("POST", "/x"))).isNull();
    }

    // Resource classes as a JAX-RS runtime would dispatch to them.

    public static class OrderResource {
        public void create() { }
        public void createFromForm() { }
        public void delete() { }
    }

    public static class Other {
        public void create() { }
        public void submit() { }
    }

    public static class LegacyResource {
        public void submit() { }
    }

    public interface OrdersApi {
        void create();
    }

    public static class OrdersApiImpl implements OrdersApi {
        @Override public void create() { }
        public void delete() { }
    }

    public static class SubclassedImpl extends OrdersApiImpl {
    }
}
