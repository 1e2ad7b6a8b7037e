package dev.idempotency.it.injvm;

import com.sun.net.httpserver.HttpServer;
import java.util.concurrent.atomic.AtomicInteger;

/** A JAX-RS family's orders on the JDK's HTTP server: its port, its handler's executions, its stop. */
abstract class OrdersOnJdkHttpServer implements InJvmContract.OrdersServer {

    private final HttpServer server;
    private final AtomicInteger executions;

    OrdersOnJdkHttpServer(HttpServer server, AtomicInteger executions) {
        this.server = server;
        this.executions = executions;
    }

    @Override
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public int executions() {
        return executions.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
