package dev.idempotency.demo.ee;

import dev.idempotency.demo.orders.OrdersApi;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

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
