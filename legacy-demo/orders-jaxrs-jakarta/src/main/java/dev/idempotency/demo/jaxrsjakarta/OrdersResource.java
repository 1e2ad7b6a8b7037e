package dev.idempotency.demo.jaxrsjakarta;

import dev.idempotency.demo.orders.ApiRequest;
import dev.idempotency.demo.orders.OrdersApi;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** {@code /orders}: create (JSON or form), pay (asynchronously, on a worker thread), read. */
@Path("/orders")
public class OrdersResource {

    private static final ExecutorService PAYMENT_WORKERS = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "payment-worker");
        thread.setDaemon(true);
        return thread;
    });

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

    /** Answered from another thread through {@code AsyncResponse}, as many legacy JAX-RS services do. */
    @POST
    @Path("{id}/payments")
    @Consumes(MediaType.WILDCARD)
    public void pay(@PathParam("id") String id, byte[] body, @Suspended AsyncResponse async) {
        ApiRequest request = request(body, new MultivaluedHashMap<>());
        PAYMENT_WORKERS.execute(() -> {
            try {
                async.resume(Replies.of(OrdersApi.instance().post("/" + id + "/payments", request)));
            } catch (IOException | RuntimeException failure) {
                async.resume(failure);
            }
        });
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
