package dev.idempotency.it.legacy8;

import dev.idempotency.it.legacy.UnsupportedRuntimeScenarios;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.WildFly;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * WildFly 10.1 on Java 8 with the endpoint declared by resource method alone: RESTEasy 3.0, older
 * than the agent's JAX-RS adapter takes, routes it, so nothing protects it; the service answers
 * and the agent says so once, on stderr and in {@code status}, with the fix (declare its path).
 */
class WildFly10ResourceMethodReportedTest extends UnsupportedRuntimeScenarios {

    static final String RESTEASY_30_WARNING = "belongs to a version of its JAX-RS runtime that no instrumentation group supports";
    private static final String MAPPING = "/api";

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return WildFly.builder(Artifacts.estateJavaee8War(), "estate-javaee8").distribution(Artifacts.wildfly10Zip())
                .applicationPath(MAPPING).startTimeout(Duration.ofSeconds(90))
                .workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected List<String> endpointDeclaration() {
        return List.of("method: POST", "resource-method: dev.idempotency.estate.jaxrs.OrdersResource#create");
    }

    @Override
    protected String basePath() {
        return MAPPING;
    }

    @Override
    protected String group() {
        return "jax-rs runtime";
    }

    /** That the version is not supported, and the fix: declare the endpoint's path. */
    @Override
    protected String supported() {
        return RESTEASY_30_WARNING;
    }

    @Override
    protected String fix() {
        return "declare path: for them";
    }
}
