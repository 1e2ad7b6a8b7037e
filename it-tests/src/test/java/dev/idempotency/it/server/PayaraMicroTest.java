package dev.idempotency.it.server;

import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.PayaraMicro;
import java.nio.file.Path;

/**
 * The orders WAR in Payara Micro 6 (Jersey 3.1 and Payara's servlet container on Grizzly; the runtime
 * on one flat class loader, the WAR on its own), agent attached through {@code -javaagent}.
 */
class PayaraMicroTest extends EeServerScenarios {

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return PayaraMicro.ordersEe().workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String jaxrsRuntimeEntryPoint() {
        return "org.glassfish.jersey.server.model.ResourceMethodInvoker";
    }
}
