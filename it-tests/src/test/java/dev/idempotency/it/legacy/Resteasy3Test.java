package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;

/**
 * The estate's JAX-RS 2.0 resources on RESTEasy 3.15.6.Final ({@code javax.ws.rs},
 * {@code resteasy-jaxrs}) and the JDK HTTP server ({@code legacy-demo/estate/estate-resteasy3-jdkhttp}),
 * the endpoint declared by {@code path: /orders}.
 */
class Resteasy3Test extends LegacyRuntimeScenarios {

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateResteasy3JdkHttpJar()).workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected String expectedEntryPoint() {
        return "dev.idempotency.estate.jaxrs.OrdersResource";
    }
}
