package dev.idempotency.it.contract;

import java.util.List;

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

    private PathVariants() {}

    static boolean isSpelling(String spelling) {
        return ALL.stream().anyMatch(v -> v.spelling().equals(spelling));
    }
}
