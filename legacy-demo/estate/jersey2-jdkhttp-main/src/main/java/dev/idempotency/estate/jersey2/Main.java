package dev.idempotency.estate.jersey2;

import com.sun.net.httpserver.HttpServer;
import dev.idempotency.estate.jaxrs.EstateApplication;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import org.glassfish.jersey.jdkhttp.JdkHttpHandlerContainer;
import org.glassfish.jersey.server.ContainerFactory;
import org.glassfish.jersey.server.ResourceConfig;

/**
 * {@code java -jar estate-jersey2NN-jdkhttp.jar <port>}: the resources at the server's root; port 0
 * picks a free one. One source for every Jersey 2 module (2.0, 2.8, 2.25), each compiling it against
 * its own Jersey: the container factory has been there since 2.0.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws IOException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        HttpServer server = HttpServer.create(new InetSocketAddress(port), 0);
        server.createContext("/", ContainerFactory.createContainer(JdkHttpHandlerContainer.class,
                ResourceConfig.forApplicationClass(EstateApplication.class)));
        // The JDK server's default executor is its one dispatcher thread: one request at a time.
        server.setExecutor(Executors.newFixedThreadPool(32));
        server.start();
        System.out.println("listening on " + server.getAddress().getPort());
    }
}
