package dev.idempotency.demo.jaxrsjavax;

import dev.idempotency.demo.orders.OrdersApi;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.core.Response;

/** {@code GET /stats} (row counts that show duplicated side effects) and {@code GET /health}. */
@Path("/")
public class ServiceResource {

    @GET
    @Path("stats")
    public Response stats() {
        return Replies.of(OrdersApi.instance().stats());
    }

    @GET
    @Path("health")
    public Response health() {
        return Replies.of(OrdersApi.instance().health());
    }
}
