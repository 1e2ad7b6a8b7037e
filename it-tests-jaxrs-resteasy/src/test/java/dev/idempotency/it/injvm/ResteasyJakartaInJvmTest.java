package dev.idempotency.it.injvm;

import java.nio.file.Path;

/** The JAX-RS family (jakarta) on RESTEasy 6.2 and its Netty 4 server. */
class ResteasyJakartaInJvmTest extends InJvmContract {

    @Override
    OrdersServer start(Path workDir) {
        return new OrdersOnResteasyNetty();
    }

    @Override
    String instrumentedEntryPoint() {
        return "org.jboss.resteasy.";
    }
}
