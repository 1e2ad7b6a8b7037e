package dev.idempotency.demo.jaxrsjavax;

import com.sun.net.httpserver.HttpServer;
import dev.idempotency.demo.orders.OrdersApi;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.glassfish.jersey.jdkhttp.JdkHttpServerFactory;
import org.glassfish.jersey.servlet.ServletContainer;

/**
 * {@code java -jar orders-jaxrs-javax.jar <port>}: the resources on Jersey 2 and the JDK HTTP server.
 * {@code -Ddemo.server=tomcat}: the same resources in Jersey's servlet on embedded Tomcat 9.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws LifecycleException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        OrdersApi.instance(); // open the database before accepting requests

        if ("tomcat".equals(System.getProperty("demo.server"))) {
            Tomcat tomcat = onTomcat(port);
            System.out.println("listening on " + tomcat.getConnector().getLocalPort());
            tomcat.getServer().await();
        } else {
            HttpServer server = JdkHttpServerFactory.createHttpServer(
                    URI.create("http://0.0.0.0:" + port + "/"), new OrdersApplication(), false);
            // The JDK server's default executor is its one dispatcher thread: one request at a time.
            server.setExecutor(Executors.newFixedThreadPool(64));
            server.start();
            System.out.println("listening on " + server.getAddress().getPort());
        }
    }

    private static Tomcat onTomcat(int port) throws LifecycleException {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Path.of("tomcat-work").toAbsolutePath().toString());
        Connector connector = new Connector();
        connector.setPort(port);
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("", null);
        Wrapper jersey = Tomcat.addServlet(context, "jersey", new ServletContainer(new OrdersApplication()));
        jersey.setAsyncSupported(true); // the payments resource suspends
        context.addServletMappingDecoded("/*", "jersey");
        tomcat.start();
        return tomcat;
    }
}
