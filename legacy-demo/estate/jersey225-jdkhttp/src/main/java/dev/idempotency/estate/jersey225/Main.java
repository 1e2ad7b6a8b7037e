package dev.idempotency.estate.jersey225;

import com.sun.net.httpserver.HttpServer;
import dev.idempotency.estate.jaxrs.EstateApplication;
import java.net.URI;
import java.util.concurrent.Executors;
import org.glassfish.jersey.jdkhttp.JdkHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/** {@code java -jar estate-jersey225-jdkhttp.jar <port>}: the resources at the server's root; port 0 picks a free one. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        HttpServer server = JdkHttpServerFactory.createHttpServer(
                URI.create("http://0.0.0.0:" + port + "/"), ResourceConfig.forApplicationClass(EstateApplication.class), false);
        // The JDK server's default executor is its one dispatcher thread: one request at a time.
        server.setExecutor(Executors.newFixedThreadPool(32));
        server.start();
        System.out.println("listening on " + server.getAddress().getPort());
    }
}
