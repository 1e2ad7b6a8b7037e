package dev.idempotency.it.injvm;

import java.nio.file.Path;

/** The servlet family (jakarta) on Jetty 12 (ee10). */
class ServletJakartaInJvmTest extends InJvmContract {

    @Override
    OrdersServer start(Path workDir) throws Exception {
        return new OrdersOnJetty();
    }

    @Override
    String instrumentedEntryPoint() {
        return OrdersOnJetty.class.getName() + "$";
    }
}
