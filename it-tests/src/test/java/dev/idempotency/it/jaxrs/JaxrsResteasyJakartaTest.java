package dev.idempotency.it.jaxrs;

import dev.idempotency.it.support.DemoApp;

/**
 * RESTEasy 6.2 ({@code jakarta.ws.rs}) on Netty 4: {@code java -jar orders-jaxrs-jakarta.jar 0}. Its
 * payments resource answers through {@code @Suspended AsyncResponse} from a worker thread.
 */
class JaxrsResteasyJakartaTest extends JaxrsContractTest {

    @Override
    protected DemoApp.Builder demo() {
        return DemoApp.jaxrsJakarta();
    }

    @Override
    protected String ordersResource() {
        return "dev.idempotency.demo.jaxrsjakarta.OrdersResource";
    }
}
