package dev.idempotency.it.injvm;

import java.nio.file.Path;

/** The JAX-RS family (jakarta) on Jersey 4 and the JDK's HTTP server. */
class JerseyJakartaInJvmTest extends InJvmContract {

    @Override
    OrdersServer start(Path workDir) {
        return new OrdersOnJerseyJakarta();
    }

    @Override
    String instrumentedEntryPoint() {
        return "org.glassfish.jersey.";
    }
}
