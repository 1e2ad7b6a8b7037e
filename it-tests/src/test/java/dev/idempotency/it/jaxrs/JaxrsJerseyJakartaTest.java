package dev.idempotency.it.jaxrs;

import dev.idempotency.it.support.DemoApp;

/**
 * Jersey 4 ({@code jakarta.ws.rs}) on Grizzly: {@code java -jar orders-jaxrs-jersey-jakarta.jar 0}. The
 * RESTEasy demo's resource classes, so payments answer through {@code @Suspended AsyncResponse}.
 */
class JaxrsJerseyJakartaTest extends JaxrsContractTest {

    @Override
    protected DemoApp.Builder demo() {
        return DemoApp.jaxrsJerseyJakarta();
    }

    @Override
    protected String ordersResource() {
        return "dev.idempotency.demo.jaxrsjakarta.OrdersResource";
    }
}
