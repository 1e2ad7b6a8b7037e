package dev.idempotency.demo.ee;

import dev.idempotency.demo.orders.ApiRequest;
import dev.idempotency.demo.orders.OrdersApi;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.IOException;

/** {@code /orders}: create (JSON), pay, read; {@code POST /orders/form} is {@link OrderFormServlet}. */
@Path("/orders")
public class OrdersResource {

    @Context
    private UriInfo uri;

    @Context
    private HttpServletRequest servletRequest;

    @POST
    @Consumes(MediaType.WILDCARD)
    public Response create(byte[] body) throws IOException {
        return Replies.of(OrdersApi.instance().post("", request(body)));
    }

    @POST
    @Path("{id}/payments")
    @Consumes(MediaType.WILDCARD)
    public Response pay(@PathParam("id") String id, byte[] body) throws IOException {
        return Replies.of(OrdersApi.instance().post("/" + id + "/payments", request(body)));
    }

    /** Any other POST below {@code /orders}: the orders API answers it (404), as on the other demos. */
    @POST
    @Path("{rest: .+}")
    @Consumes(MediaType.WILDCARD)
    public Response other(@PathParam("rest") String rest, byte[] body) throws IOException {
        return Replies.of(OrdersApi.instance().post("/" + rest, request(body)));
    }

    @GET
    @Path("{id}")
    public Response get(@PathParam("id") String id) {
        return Replies.of(OrdersApi.instance().get("/" + id));
    }

    private ApiRequest request(byte[] body) {
        MultivaluedMap<String, String> query = uri.getQueryParameters();
        String contextPath = servletRequest.getContextPath();
        return new ApiRequest() {
            @Override
            public String parameter(String name) {
                return query.getFirst(name);
            }

            @Override
            public byte[] body() {
                return body;
            }

            @Override
            public String contextPath() {
                return contextPath;
            }
        };
    }
}
