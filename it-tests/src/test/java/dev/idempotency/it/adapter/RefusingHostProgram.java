package dev.idempotency.it.adapter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicInteger;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpServletResponseWrapper;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.ValveBase;

/**
 * An embedded Tomcat 9 whose one servlet, {@code POST /orders}, counts its executions
 * ({@code GET /orders} says how many). In front of the application a valve, as a container's own component
 * may, hands it a response of its own: for a request that names a header in
 * {@code X-Refused-Header}, that response throws when the header is set. The agent's adapter meets
 * that response first, when it has claimed the request and prepares the application's run. Prints
 * {@code listening on <port>}; the port is the first argument (0: any free one).
 */
public final class RefusingHostProgram {

    private RefusingHostProgram() {
    }

    public static void main(String[] args) throws Exception {
        String baseDir = Files.createTempDirectory("refusing-host").toString();
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir);
        tomcat.setPort(Integer.parseInt(args[0]));
        Context context = tomcat.addContext("", baseDir);
        Tomcat.addServlet(context, "orders", new Orders());
        context.addServletMappingDecoded("/orders", "orders");
        context.getPipeline().addValve(new RefusingValve());
        tomcat.getConnector();
        tomcat.start();
        System.out.println("listening on " + tomcat.getConnector().getLocalPort());
        tomcat.getServer().await();
    }

    /** {@code POST}: creates an order, 201 and its body, counted once per execution; {@code GET}: the count. */
    private static final class Orders extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final transient AtomicInteger executions = new AtomicInteger();

        @Override
        protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
            answer(response, 201, "{\"order\":" + executions.incrementAndGet() + "}");
        }

        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            answer(response, 200, "{\"executions\":" + executions.get() + "}");
        }

        private static void answer(HttpServletResponse response, int status, String json) throws IOException {
            response.setStatus(status);
            response.setContentType("application/json");
            response.getOutputStream().write(json.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Gives the application, for a request that asks, a response that refuses one header. */
    private static final class RefusingValve extends ValveBase {

        RefusingValve() {
            super(true);
        }

        @Override
        public void invoke(Request request, Response response) throws IOException, ServletException {
            String refused = request.getHeader("X-Refused-Header");
            if (refused != null) {
                response.setResponse(new HttpServletResponseWrapper(response.getResponse()) {
                    @Override
                    public void setHeader(String name, String value) {
                        if (name.equalsIgnoreCase(refused)) {
                            throw new IllegalStateException("this host refuses the header " + name);
                        }
                        super.setHeader(name, value);
                    }
                });
            }
            getNext().invoke(request, response);
        }
    }
}
