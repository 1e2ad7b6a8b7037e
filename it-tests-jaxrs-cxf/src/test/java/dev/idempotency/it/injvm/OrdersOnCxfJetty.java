package dev.idempotency.it.injvm;

import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxrs.JAXRSServerFactoryBean;
import org.apache.cxf.transport.http_jetty.JettyHTTPDestination;
import org.apache.cxf.transport.http_jetty.JettyHTTPServerEngine;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Apache CXF 3 ({@code javax.ws.rs}) on its own Jetty transport in the test's JVM, no servlet
 * container: CXF's destination and its JAX-RS dispatch see the requests, to it-tests'
 * {@link JavaxOrders}.
 */
final class OrdersOnCxfJetty implements InJvmContract.OrdersServer {

    private final Server server;

    OrdersOnCxfJetty() {
        JAXRSServerFactoryBean factory = new JAXRSServerFactoryBean();
        factory.setResourceClasses(JavaxOrders.class);
        factory.setAddress("http://127.0.0.1:0/");
        server = factory.create();
    }

    /** The port Jetty bound, which CXF's address does not tell when it asked for port 0. */
    @Override
    public int port() {
        JettyHTTPServerEngine engine = (JettyHTTPServerEngine) ((JettyHTTPDestination) server.getDestination())
                .getEngine();
        return ((ServerConnector) engine.getServer().getConnectors()[0]).getLocalPort();
    }

    @Override
    public int executions() {
        return JavaxOrders.EXECUTIONS.get();
    }

    @Override
    public void close() {
        server.destroy();
    }
}
