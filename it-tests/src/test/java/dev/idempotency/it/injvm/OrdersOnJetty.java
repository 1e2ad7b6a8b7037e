package dev.idempotency.it.injvm;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Jetty 12 (ee10, {@code jakarta.servlet}) in the test's own JVM with one servlet,
 * {@code POST /orders}, that counts its executions and answers 201 with the order's number.
 */
final class OrdersOnJetty implements InJvmContract.OrdersServer {

    private final AtomicInteger executions = new AtomicInteger();
    private final Server server = new Server();
    private final ServerConnector connector = new ServerConnector(server);

    OrdersOnJetty() throws Exception {
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.addServlet(new ServletHolder(new HttpServlet() {
            @Override
            protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
                request.getInputStream().readAllBytes();
                int order = executions.incrementAndGet();
                byte[] body = InJvmContract.OrdersServer.answer(order).getBytes(StandardCharsets.UTF_8);
                response.setStatus(201);
                response.setContentType("application/json");
                response.setContentLength(body.length);
                response.getOutputStream().write(body);
            }
        }), "/orders");
        server.setHandler(context);
        server.start();
    }

    @Override
    public int port() {
        return connector.getLocalPort();
    }

    @Override
    public int executions() {
        return executions.get();
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
