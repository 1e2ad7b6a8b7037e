package dev.idempotency.estate.jaxrs;

import dev.idempotency.estate.orders.Order;
import dev.idempotency.estate.orders.OrderBook;
import java.net.URI;
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

/** {@code POST orders} creates an order in the application's book, {@code GET orders/count} says how often that ran. */
@Path("orders")
public class OrdersResource {

    private final OrderBook book = OrderBook.shared();

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response create(String body, @QueryParam("delayMs") String delayMs, @Context UriInfo uri) {
        Order order;
        try {
            order = book.create(body, OrderBook.delayMs(delayMs));
        } catch (IllegalArgumentException e) {
            return Response.status(Response.Status.BAD_REQUEST).type(MediaType.TEXT_PLAIN_TYPE).entity(e.getMessage()).build();
        }
        URI location = uri.getAbsolutePathBuilder().path(Long.toString(order.id())).build();
        return Response.created(location).entity(order.toJson()).build();
    }

    @GET
    @Path("count")
    @Produces(MediaType.TEXT_PLAIN)
    public String count() {
        return Long.toString(book.executions());
    }
}
