package dev.idempotency.it.contract;

import java.util.List;
import java.util.Set;

/**
 * Other spellings of the three declared paths, sent raw (java.net.http keeps {@code //}, dot
 * segments, {@code ;params} and percent-escapes as written). A container or JAX-RS runtime may
 * route a spelling to the declared handler; then the agent must protect it and fingerprint it as
 * the canonical path. Which spellings each runtime routes is stated by each contract subclass
 * ({@link ContractSuite#variantsRoutedToTheHandler()}); {@link ContractSuite#pathVariants()} runs the table.
 *
 * <p>Spellings are appended to the base URI (so they land under the WAR's context path);
 * {@code {id}} is an existing order. {@code /orders/{id}/%70AYMENTS} is not in the table: it
 * decodes to {@code PAYMENTS}, another path (every runtime answers 404).
 */
final class PathVariants {

    /** A declared endpoint of contract-agent.yaml. */
    enum Endpoint {
        CREATE_ORDER("create-order"),
        CREATE_ORDER_FORM("create-order-form"),
        CREATE_PAYMENT("create-payment");

        final String configName;

        Endpoint(String configName) {
            this.configName = configName;
        }
    }

    /** One spelling of one endpoint's path. */
    record Variant(Endpoint endpoint, String spelling) {

        String path(long orderId) {
            return spelling.replace("{id}", Long.toString(orderId));
        }

        @Override
        public String toString() {
            return endpoint.configName + " POST " + spelling;
        }
    }

    // @formatter:off
    static final List<Variant> ALL = List.of(
            //          endpoint                    spelling (below the base URI)
            new Variant(Endpoint.CREATE_ORDER,      "//orders"),
            new Variant(Endpoint.CREATE_ORDER,      "/orders/"),
            new Variant(Endpoint.CREATE_ORDER,      "/./orders"),
            new Variant(Endpoint.CREATE_ORDER,      "/x/../orders"),
            new Variant(Endpoint.CREATE_ORDER,      "/%6Frders"),
            new Variant(Endpoint.CREATE_ORDER,      "/%6frders"),
            new Variant(Endpoint.CREATE_ORDER,      "/orders/;x"),
            new Variant(Endpoint.CREATE_ORDER,      "/orders;jsessionid=ABC123"),
            new Variant(Endpoint.CREATE_ORDER,      "/%2e/orders"),
            new Variant(Endpoint.CREATE_ORDER,      "/orders%2F"),
            new Variant(Endpoint.CREATE_ORDER_FORM, "/orders/%66orm"),
            new Variant(Endpoint.CREATE_ORDER_FORM, "/orders//form"),
            new Variant(Endpoint.CREATE_PAYMENT,    "/orders/{id}//payments"),
            new Variant(Endpoint.CREATE_PAYMENT,    "//orders/{id}/payments"),
            new Variant(Endpoint.CREATE_PAYMENT,    "/orders//{id}/payments"),
            new Variant(Endpoint.CREATE_PAYMENT,    "/orders/{id}/%70ayments"),
            new Variant(Endpoint.CREATE_PAYMENT,    "/orders/{id}/payments/"),
            new Variant(Endpoint.CREATE_PAYMENT,    "/orders/{id}/payments;x=1"),
            new Variant(Endpoint.CREATE_PAYMENT,    "/orders/{id}/./payments"),
            new Variant(Endpoint.CREATE_PAYMENT,    "/orders/{id}/payments;jsessionid=XYZ"));
    // @formatter:on

    /**
     * Tomcat 9, embedded and standalone, as observed without the agent.
     *
     * <p>Tomcat decodes, merges {@code //}, resolves dot segments (also {@code %2e}) and drops path parameters
     * before mapping; {@code /orders%2F} is refused (400) and {@code /orders/{id}/payments/} reaches the servlet,
     * which answers 404 itself.
     */
    static final Set<String> ROUTED_BY_TOMCAT = Set.of(
        "//orders",
        "/orders/",
        "/./orders",
        "/x/../orders",
        "/%6Frders",
        "/%6frders",
        "/orders/;x",
        "/orders;jsessionid=ABC123",
        "/%2e/orders",
        "/orders/%66orm",
        "/orders//form",
        "/orders/{id}//payments",
        "//orders/{id}/payments",
        "/orders//{id}/payments",
        "/orders/{id}/%70ayments",
        "/orders/{id}/payments;x=1",
        "/orders/{id}/./payments",
        "/orders/{id}/payments;jsessionid=XYZ");

    /**
     * Jetty 12 (ee10), as observed without the agent.
     *
     * <p>Jetty 12 refuses ambiguous paths with 400 ({@code //} anywhere, {@code %2e}, {@code %2F}) but decodes,
     * resolves dot segments and drops path parameters; {@code /orders/{id}/payments/} reaches the servlet (404).
     */
    static final Set<String> ROUTED_BY_JETTY = Set.of(
        "/orders/",
        "/./orders",
        "/x/../orders",
        "/%6Frders",
        "/%6frders",
        "/orders/;x",
        "/orders;jsessionid=ABC123",
        "/orders/%66orm",
        "/orders/{id}/%70ayments",
        "/orders/{id}/payments;x=1",
        "/orders/{id}/./payments",
        "/orders/{id}/payments;jsessionid=XYZ");

    /**
     * Jersey 2 (JDK HTTP server) and Jersey 4 (Grizzly), as observed without the agent.
     *
     * <p>Jersey matches the path with matrix parameters dropped and a trailing slash ignored; {@code //} and
     * dot segments are not resolved (404); {@code %70ayments} reaches the catch-all resource method, which
     * decodes it and pays; {@code /orders/%66orm} reaches it too, but without form parameters (400).
     */
    static final Set<String> ROUTED_BY_JERSEY = Set.of(
        "/orders/",
        "/orders/;x",
        "/orders;jsessionid=ABC123",
        "/orders/{id}/%70ayments",
        "/orders/{id}/payments/",
        "/orders/{id}/payments;x=1",
        "/orders/{id}/payments;jsessionid=XYZ");

    /**
     * RESTEasy 6.2 on Netty, as observed without the agent.
     *
     * <p>RESTEasy on Netty matches with a leading {@code //} collapsed, matrix parameters dropped and a
     * trailing slash ignored, but {@code /orders/;x} is 404 and dot segments are not resolved; {@code %70ayments}
     * reaches the catch-all resource method, which decodes it and pays.
     */
    static final Set<String> ROUTED_BY_RESTEASY = Set.of(
        "//orders",
        "/orders/",
        "/orders;jsessionid=ABC123",
        "//orders/{id}/payments",
        "/orders/{id}/%70ayments",
        "/orders/{id}/payments/",
        "/orders/{id}/payments;x=1",
        "/orders/{id}/payments;jsessionid=XYZ");

    private PathVariants() {}

    static boolean isSpelling(String spelling) {
        return ALL.stream().anyMatch(v -> v.spelling().equals(spelling));
    }
}
