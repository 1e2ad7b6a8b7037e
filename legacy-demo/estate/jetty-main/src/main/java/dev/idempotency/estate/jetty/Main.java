package dev.idempotency.estate.jetty;

import dev.idempotency.estate.servlet.HealthServlet;
import dev.idempotency.estate.servlet.OrdersServlet;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.servlet.ServletContextHandler;

/**
 * {@code java -jar estate-jetty<version>.jar <port>}: the estate servlets at the root context on
 * the embedded Jetty the jar carries (7.6, 8.1 or 9.4); port 0 picks a free one. One source for
 * all three: each module compiles it against its own Jetty.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws Exception {
        Server server = new Server(args.length > 0 ? Integer.parseInt(args[0]) : 8080);
        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.NO_SESSIONS);
        context.setContextPath("/");
        context.addServlet(OrdersServlet.class, "/orders/*");
        context.addServlet(HealthServlet.class, "/health");
        server.setHandler(context);
        server.start();
        System.out.println("listening on " + localPort(server.getConnectors()[0]));
        server.join();
    }

    /**
     * The port the connector bound. Jetty 7 and 8 declare {@code getLocalPort()} on
     * {@code Connector}, Jetty 9 on {@code NetworkConnector}: no one call compiles against all three.
     */
    private static int localPort(Connector connector) throws ReflectiveOperationException {
        return (Integer) connector.getClass().getMethod("getLocalPort").invoke(connector);
    }
}
