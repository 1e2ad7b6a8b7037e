package dev.idempotency.demo.spring6;

import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * {@code java -Ddemo.payments=http://host:port -jar chain-spring6-jakarta.jar <port>}: an orders
 * service that knows nothing of the agent, calling the chain demo's payments with Spring 6's
 * clients. Port 0 picks a free one; {@code listening on <port>} says it serves.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setPort(port);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        ServletHolder orders = new ServletHolder("orders", new CallsServlet(System.getProperty("demo.payments")));
        context.addServlet(orders, "/calls");
        context.addServlet(orders, "/unprotected-calls");
        server.setHandler(context);
        server.start();
        System.out.println("listening on " + connector.getLocalPort());
        server.join();
    }
}
