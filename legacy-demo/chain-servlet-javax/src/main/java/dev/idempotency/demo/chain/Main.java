package dev.idempotency.demo.chain;

import java.nio.file.Path;
import javax.servlet.http.HttpServlet;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * {@code java -Ddemo.role=payments -jar chain-servlet-javax.jar <port>} or
 * {@code java -Ddemo.role=orders -Ddemo.payments=http://host:port -jar chain-servlet-javax.jar <port>}:
 * two services that know nothing of the agent, the second calling the first over HTTP. Port 0
 * picks a free one; {@code listening on <port>} says it serves.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws LifecycleException {
        String role = System.getProperty("demo.role", "payments");
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Path.of("tomcat-work-" + role).toAbsolutePath().toString());
        Connector connector = new Connector();
        connector.setPort(port);
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", null);
        if (role.equals("orders")) {
            mount(context, "orders", new OrdersServlet(System.getProperty("demo.payments")), "/orders", "/calls",
                    "/unprotected-calls");
        } else {
            PaymentsServlet payments = new PaymentsServlet();
            mount(context, "payments", payments, "/charges", "/echo", "/received", "/stats");
        }
        tomcat.start();
        System.out.println("listening on " + connector.getLocalPort());
        tomcat.getServer().await();
    }

    private static void mount(Context context, String name, HttpServlet servlet, String... patterns) {
        Tomcat.addServlet(context, name, servlet);
        for (String pattern : patterns) {
            context.addServletMappingDecoded(pattern, name);
        }
    }
}
