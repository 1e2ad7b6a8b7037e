package dev.idempotency.demo.jakartaservlet;

import dev.idempotency.demo.orders.OrdersApi;
import jakarta.servlet.http.HttpServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/** {@code java -jar orders-servlet-jakarta.jar <port>}: the servlets on embedded Jetty 12 (ee10), root context. */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        OrdersApi.instance(); // open the database before accepting requests

        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setPort(port);
        server.addConnector(connector);

        // With sessions, for the session=true knob (Exchange): no session exists until a request asks.
        ServletContextHandler context = new ServletContextHandler(ServletContextHandler.SESSIONS);
        context.setContextPath("/");
        mount(context, "orders", new OrdersServlet(), "/orders", "/orders/*")
                .setInitParameter("reply-view", "/reply-view");
        mount(context, "reply-view", new ReplyViewServlet(), "/reply-view");
        mount(context, "stats", new StatsServlet(), "/stats");
        mount(context, "health", new HealthServlet(), "/health");
        server.setHandler(context);

        server.start();
        System.out.println("listening on " + connector.getLocalPort());
        server.join();
    }

    private static ServletHolder mount(ServletContextHandler context, String name, HttpServlet servlet, String... patterns) {
        ServletHolder holder = new ServletHolder(name, servlet);
        holder.setAsyncSupported(true);
        for (String pattern : patterns) {
            context.addServlet(holder, pattern);
        }
        return holder;
    }
}
