package dev.idempotency.it.injvm;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Response;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.resteasy.core.ResteasyDeploymentImpl;
import org.jboss.resteasy.plugins.server.netty.NettyJaxrsServer;
import org.jboss.resteasy.spi.ResteasyDeployment;

/**
 * RESTEasy 6.2 ({@code jakarta.ws.rs}) on its Netty 4 server in the test's own JVM, no servlet
 * anywhere: only the JAX-RS group sees its requests. One resource, {@code POST /orders}, counts its
 * executions and answers 201 with the order's number.
 */
final class OrdersOnResteasyNetty implements InJvmContract.OrdersServer {

    private static final AtomicInteger EXECUTIONS = new AtomicInteger();

    private final NettyJaxrsServer server = new NettyJaxrsServer();

    OrdersOnResteasyNetty() {
        ResteasyDeployment deployment = new ResteasyDeploymentImpl();
        deployment.setApplication(new Application() {
            @Override
            public Set<Class<?>> getClasses() {
                return Set.of(Orders.class);
            }
        });
        server.setDeployment(deployment);
        server.setHostname("127.0.0.1");
        server.setPort(0);
        server.setRootResourcePath("");
        server.start();
    }

    @Override
    public int port() {
        return server.getPort();
    }

    @Override
    public int executions() {
        return EXECUTIONS.get();
    }

    @Override
    public void close() {
        server.stop();
    }

    @Path("/orders")
    public static class Orders {
        @POST
        public Response create(String body) {
            int order = EXECUTIONS.incrementAndGet();
            return Response.status(201).type("application/json").entity(InJvmContract.OrdersServer.answer(order)).build();
        }
    }
}
