package dev.idempotency.estate.resteasy3;

import com.sun.net.httpserver.HttpServer;
import dev.idempotency.estate.jaxrs.EstateApplication;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import org.jboss.resteasy.plugins.server.sun.http.HttpContextBuilder;

/**
 * {@code java -jar estate-resteasy3-jdkhttp.jar <port>}: the resources at the server's root; port 0
 * picks a free one. The server is built here and handed to RESTEasy's {@link HttpContextBuilder},
 * as its documentation shows, which also gives the bound port.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws IOException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);
        // The JDK server's default executor is its one dispatcher thread: one request at a time.
        server.setExecutor(Executors.newFixedThreadPool(32));
        HttpContextBuilder context = new HttpContextBuilder();
        context.getDeployment().setApplication(new EstateApplication());
        context.bind(server);
        server.start();
        System.out.println("listening on " + server.getAddress().getPort());
    }
}
