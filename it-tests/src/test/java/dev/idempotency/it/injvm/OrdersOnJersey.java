package dev.idempotency.it.injvm;

import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.core.Response;
import org.glassfish.jersey.jdkhttp.JdkHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * Jersey 2 on the JDK's HTTP server in the test's own JVM, no servlet anywhere: only the JAX-RS
 * group sees its requests. One resource, {@code POST /orders}, counts its executions and answers
 * 201 with the order's number.
 */
final class OrdersOnJersey extends OrdersOnJdkHttpServer {

    private static final AtomicInteger EXECUTIONS = new AtomicInteger();

    OrdersOnJersey() {
        super(JdkHttpServerFactory.createHttpServer(URI.create("http://127.0.0.1:0/"), new ResourceConfig(Orders.class)),
                EXECUTIONS);
    }

    @Path("/orders")
    public static class Orders {
        @POST
        public Response create(String body) {
            int order = EXECUTIONS.incrementAndGet();
            return Response.status(201).type("application/json").entity(InJvmContract.OrdersServer.answer(order)).build();
        }
    }
}
