package dev.idempotency.estate.jsr311;

import dev.idempotency.estate.orders.Order;
import dev.idempotency.estate.orders.OrderBook;
import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;

/**
 * {@code POST /orders} and {@code GET /orders/count} below the application root. The body is read
 * as text and parsed by the domain, so no runtime needs a JSON provider.
 */
@Path("/orders")
public class OrdersResource {

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(String body, @QueryParam("delayMs") String delayMs, @Context UriInfo uri) {
        Order order;
        try {
            order = OrderBook.shared().create(body, OrderBook.delayMs(delayMs));
        } catch (IllegalArgumentException e) {
            return Response.status(Response.Status.BAD_REQUEST).type(MediaType.TEXT_PLAIN).entity(e.getMessage()).build();
        }
        // From the base URI: runtimes disagree on what a relative Location is relative to (JAX-RS 1.1 left it open).
        return Response.created(uri.getBaseUriBuilder().path("orders").path(Long.toString(order.id())).build())
                .entity(order.toJson())
                .build();
    }

    @GET
    @Path("/count")
    @Produces(MediaType.TEXT_PLAIN)
    public String count() {
        return Long.toString(OrderBook.shared().executions());
    }
}
