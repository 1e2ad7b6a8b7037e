package dev.idempotency.it.injvm;

import java.net.URI;
import org.glassfish.jersey.jdkhttp.JdkHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * Jersey 2 on the JDK's HTTP server in the test's own JVM, no servlet anywhere: only the JAX-RS
 * group sees its requests, to {@link JavaxOrders}.
 */
final class OrdersOnJersey extends OrdersOnJdkHttpServer {

    OrdersOnJersey() {
        super(JdkHttpServerFactory.createHttpServer(URI.create("http://127.0.0.1:0/"),
                new ResourceConfig(JavaxOrders.class)), JavaxOrders.EXECUTIONS);
    }
}
