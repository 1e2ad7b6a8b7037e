package dev.idempotency.it.injvm;

import java.nio.file.Path;

/** The JAX-RS family (javax) on Apache CXF 3 and its Jetty transport. */
class CxfJavaxInJvmTest extends InJvmContract {

    @Override
    OrdersServer start(Path workDir) {
        return new OrdersOnCxfJetty();
    }

    @Override
    String instrumentedEntryPoint() {
        return "org.apache.cxf.";
    }
}
