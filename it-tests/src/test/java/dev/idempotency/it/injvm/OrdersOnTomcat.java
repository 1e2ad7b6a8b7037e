package dev.idempotency.it.injvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * An embedded Tomcat 9 in the test's own JVM with one servlet, {@code POST /orders}, that counts
 * its executions and answers 201 with the order's number. Loaded only once the agent is attached,
 * so that the agent sees Tomcat's and the servlet's classes as they are defined.
 */
final class OrdersOnTomcat implements InJvmContract.OrdersServer {

    private final AtomicInteger executions = new AtomicInteger();
    private final Tomcat tomcat = new Tomcat();

    OrdersOnTomcat(Path baseDir) throws LifecycleException {
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", baseDir.toString());
        Tomcat.addServlet(context, "orders", new HttpServlet() {
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
        });
        context.addServletMappingDecoded("/orders", "orders");
        tomcat.start();
    }

    @Override
    public int port() {
        return tomcat.getConnector().getLocalPort();
    }

    @Override
    public int executions() {
        return executions.get();
    }

    @Override
    public void close() throws LifecycleException {
        tomcat.stop();
        tomcat.destroy();
    }
}
