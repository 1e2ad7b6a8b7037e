package dev.idempotency.demo.javaxservlet;

import dev.idempotency.demo.orders.OrdersApi;
import java.nio.file.Path;
import javax.servlet.http.HttpServlet;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/** {@code java -jar orders-servlet-javax.jar <port>}: the servlets on embedded Tomcat 9, root context. */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws LifecycleException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        OrdersApi.instance(); // open the database before accepting requests

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(Path.of("tomcat-work").toAbsolutePath().toString());
        Connector connector = new Connector();
        connector.setPort(port);
        // How long Tomcat waits for the next bytes of a request before giving up on it (default 60 s).
        String readTimeout = System.getProperty("demo.readTimeoutMs");
        if (readTimeout != null) {
            connector.setProperty("connectionTimeout", readTimeout);
        }
        tomcat.setConnector(connector);

        Context context = tomcat.addContext("", null);
        mount(context, "orders", new OrdersServlet(), "/orders", "/orders/*")
                .addInitParameter("reply-view", "/reply-view");
        mount(context, "reply-view", new ReplyViewServlet(), "/reply-view");
        mount(context, "stats", new StatsServlet(), "/stats");
        mount(context, "members", new MembersServlet(), "/members");
        mount(context, "login", new LoginServlet(), "/login");
        mount(context, "notes", new NotesServlet(), "/notes");
        mount(context, "shop", new ShopServlet(), "/shop/*");
        mount(context, "health", new HealthServlet(), "/health");

        tomcat.start();
        System.out.println("listening on " + connector.getLocalPort());
        tomcat.getServer().await();
    }

    private static Wrapper mount(Context context, String name, HttpServlet servlet, String... patterns) {
        Wrapper wrapper = Tomcat.addServlet(context, name, servlet);
        wrapper.setAsyncSupported(true);
        for (String pattern : patterns) {
            context.addServletMappingDecoded(pattern, name);
        }
        return wrapper;
    }
}
