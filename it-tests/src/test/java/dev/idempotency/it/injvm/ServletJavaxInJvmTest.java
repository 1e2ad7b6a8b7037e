package dev.idempotency.it.injvm;

import java.nio.file.Path;

/** The servlet family (javax) on an embedded Tomcat 9. */
class ServletJavaxInJvmTest extends InJvmContract {

    @Override
    OrdersServer start(Path workDir) throws Exception {
        return new OrdersOnTomcat(workDir.resolve("tomcat"));
    }

    @Override
    String instrumentedEntryPoint() {
        return OrdersOnTomcat.class.getName() + "$";
    }
}
