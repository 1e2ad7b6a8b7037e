package dev.idempotency.it.injvm;

import java.util.concurrent.atomic.AtomicInteger;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.core.Response;

/**
 * {@code POST /orders} for the javax JAX-RS runtimes (Jersey 2 here, CXF 3 in it-tests-jaxrs-cxf):
 * counts its executions and answers 201 with the order's number. Each test class runs in a JVM of
 * its own, so the count is one server's.
 */
@Path("/orders")
public class JavaxOrders {

    static final AtomicInteger EXECUTIONS = new AtomicInteger();

    @POST
    public Response create(String body) {
        int order = EXECUTIONS.incrementAndGet();
        return Response.status(201).type("application/json").entity(InJvmContract.OrdersServer.answer(order)).build();
    }
}
