package dev.idempotency.it.jaxrs;

import dev.idempotency.it.support.DemoApp;

/** Jersey 2 ({@code javax.ws.rs}) on the JDK HTTP server: {@code java -jar orders-jaxrs-javax.jar 0}. */
class JaxrsJerseyJavaxTest extends JaxrsContractTest {

    @Override
    protected DemoApp.Builder demo() {
        return DemoApp.jaxrsJavax();
    }

    @Override
    protected String ordersResource() {
        return "dev.idempotency.demo.jaxrsjavax.OrdersResource";
    }

    /** The JDK's HTTP server writes the reason phrase from its own table, which has none for 422. */
    @Override
    protected boolean serverWritesTheGivenReasonPhrase() {
        return false;
    }
}
