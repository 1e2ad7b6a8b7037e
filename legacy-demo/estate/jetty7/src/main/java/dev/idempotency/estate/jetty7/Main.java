package dev.idempotency.estate.jetty7;

import dev.idempotency.estate.servlet.HealthServlet;
import dev.idempotency.estate.servlet.OrdersServlet;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.servlet.ServletContextHandler;

/**
 * {@code java -jar estate-jetty7.jar <port>}: the estate servlets at the root context on Jetty 7.6,
 * whose servlet API is 2.5; port 0 picks a free one.
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
        System.out.println("listening on " + server.getConnectors()[0].getLocalPort());
        server.join();
    }
}
