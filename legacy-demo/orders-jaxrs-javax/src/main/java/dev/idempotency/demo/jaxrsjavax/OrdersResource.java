package dev.idempotency.demo.jaxrsjavax;

import dev.idempotency.demo.orders.ApiRequest;
import dev.idempotency.demo.orders.OrdersApi;
import java.io.IOException;
import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.MultivaluedHashMap;
import javax.ws.rs.core.MultivaluedMap;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.UriInfo;

/** {@code /orders}: create (JSON or form), pay, read. */
@Path("/orders")
public class OrdersResource {

    @Context
    private UriInfo uri;

    @POST
    @Consumes(MediaType.WILDCARD)
    public Response create(byte[] body) throws IOException {
        return Replies.of(OrdersApi.instance().post("", request(body, new MultivaluedHashMap<>())));
    }

    @POST
    @Path("form")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response createFromForm(MultivaluedMap<String, String> form) throws IOException {
        return Replies.of(OrdersApi.instance().post("/form", request(new byte[0], form)));
    }

    /** Synchronous here: Jersey's JDK HTTP container cannot suspend (the jakarta demo answers payments asynchronously). */
    @POST
    @Path("{id}/payments")
    @Consumes(MediaType.WILDCARD)
    public Response pay(@PathParam("id") String id, byte[] body) throws IOException {
        return Replies.of(OrdersApi.instance().post("/" + id + "/payments", request(body, new MultivaluedHashMap<>())));
    }

    /** Any other POST below {@code /orders}: the orders API answers it (404), as on the servlet demos. */
    @POST
    @Path("{rest: .+}")
    @Consumes(MediaType.WILDCARD)
    public Response other(@PathParam("rest") String rest, byte[] body) throws IOException {
        return Replies.of(OrdersApi.instance().post("/" + rest, request(body, new MultivaluedHashMap<>())));
    }

    @GET
    @Path("{id}")
    public Response get(@PathParam("id") String id) {
        return Replies.of(OrdersApi.instance().get("/" + id));
    }

    private ApiRequest request(byte[] body, MultivaluedMap<String, String> form) {
        MultivaluedMap<String, String> query = uri.getQueryParameters();
        return new ApiRequest() {
            @Override
            public String parameter(String name) {
                String value = form.getFirst(name);
                return value != null ? value : query.getFirst(name);
            }

            @Override
            public byte[] body() {
                return body;
            }

            @Override
            public String contextPath() {
                return "";
            }
        };
    }
}
