package dev.idempotency.it.injvm;

import java.nio.file.Path;

/** The JAX-RS family (javax) on Jersey 2.45 and the JDK's HTTP server. */
class JerseyJavaxInJvmTest extends InJvmContract {

    @Override
    OrdersServer start(Path workDir) {
        return new OrdersOnJersey();
    }

    @Override
    String instrumentedEntryPoint() {
        return "org.glassfish.jersey.";
    }
}
