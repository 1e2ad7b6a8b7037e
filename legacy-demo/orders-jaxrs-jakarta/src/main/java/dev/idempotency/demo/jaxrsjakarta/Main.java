package dev.idempotency.demo.jaxrsjakarta;

import dev.idempotency.demo.orders.OrdersApi;
import org.jboss.resteasy.core.ResteasyDeploymentImpl;
import org.jboss.resteasy.plugins.server.netty.NettyJaxrsServer;
import org.jboss.resteasy.spi.ResteasyDeployment;

/** {@code java -jar orders-jaxrs-jakarta.jar <port>}: the resources on RESTEasy 6.2 and its Netty 4 server. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        OrdersApi.instance(); // open the database before accepting requests

        ResteasyDeployment deployment = new ResteasyDeploymentImpl();
        deployment.setApplication(new OrdersApplication());
        NettyJaxrsServer server = new NettyJaxrsServer();
        server.setDeployment(deployment);
        server.setPort(port);
        server.setRootResourcePath("");
        server.start();
        System.out.println("listening on " + server.getPort());
    }
}
