package dev.idempotency.demo.jaxrsjerseyjakarta;

import dev.idempotency.demo.jaxrsjakarta.OrdersApplication;
import dev.idempotency.demo.orders.OrdersApi;
import java.io.IOException;
import java.net.URI;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

/**
 * {@code java -jar orders-jaxrs-jersey-jakarta.jar <port>}: the jakarta resources of the RESTEasy
 * demo on Jersey 4 and Grizzly. Grizzly can suspend a request, so payments answer through
 * {@code AsyncResponse} from a worker thread here too.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws IOException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        OrdersApi.instance(); // open the database before accepting requests

        ResourceConfig application = ResourceConfig.forApplication(new OrdersApplication())
                // Keep Location as the API writes it ("/orders/7"), as the servlet demos do.
                .property(ServerProperties.LOCATION_HEADER_RELATIVE_URI_RESOLUTION_DISABLED, true)
                .property(ServerProperties.WADL_FEATURE_DISABLE, true);
        HttpServer server = GrizzlyHttpServerFactory.createHttpServer(
                URI.create("http://0.0.0.0:" + port + "/"), application, true);
        System.out.println("listening on " + server.getListener("grizzly").getPort());
    }
}
