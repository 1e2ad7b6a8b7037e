package dev.idempotency.estate.cxf.jetty;

import dev.idempotency.estate.jsr311.HealthResource;
import dev.idempotency.estate.jsr311.OrdersResource;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxrs.JAXRSServerFactoryBean;
import org.apache.cxf.transport.http_jetty.JettyHTTPDestination;
import org.apache.cxf.transport.http_jetty.JettyHTTPServerEngine;
import org.eclipse.jetty.server.ServerConnector;

/**
 * {@code java -jar estate-cxf-jetty.jar <port>}: the resources on CXF's Jetty transport under
 * {@code /api}; port 0 picks a free one. Prints {@code listening on <port>} once it serves.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        JAXRSServerFactoryBean factory = new JAXRSServerFactoryBean();
        factory.setResourceClasses(OrdersResource.class, HealthResource.class);
        factory.setAddress("http://0.0.0.0:" + port + "/api");
        Server server = factory.create(); // serving when it returns; CXF's Jetty threads keep the JVM alive
        System.out.println("listening on " + boundPort(server));
    }

    /** The port Jetty bound, which CXF's address does not tell when it asked for port 0. */
    private static int boundPort(Server server) {
        JettyHTTPServerEngine engine = (JettyHTTPServerEngine) ((JettyHTTPDestination) server.getDestination()).getEngine();
        return ((ServerConnector) engine.getServer().getConnectors()[0]).getLocalPort();
    }
}
