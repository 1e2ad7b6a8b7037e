package dev.idempotency.it.legacy;

import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import java.util.List;

/**
 * One JAX-RS runtime with the estate's resources, the endpoint declared once by path and once by
 * resource method alone: each declaration its own JVM, each with all of {@link LegacyRuntimeScenarios}.
 * The resource class is the entry point by resource method, and by path unless a servlet layer
 * takes the request first ({@link #entryPointByPath()}). A subclass declares the two as its own
 * {@code @Nested} classes ({@code DeclaredByPath extends ByPath}, {@code DeclaredByResourceMethod
 * extends ByResourceMethod}), so that reports name its runtime.
 */
public abstract class DeclaredTwiceScenarios {

    private static final String ESTATE_RESOURCE = "dev.idempotency.estate.jaxrs.OrdersResource";

    /** Starts the runtime with its estate application, as {@link LegacyRuntimeScenarios#start} does. */
    protected abstract ForkedService startRuntime(Path workDir, Path agentConfig) throws Exception;

    /** The application root below the server's base URI, as {@link LegacyRuntimeScenarios#basePath}. */
    protected String applicationRoot() {
        return "";
    }

    /** The resource class whose {@code create} is the endpoint: the estate's JAX-RS 2.0 one unless said otherwise. */
    protected String resource() {
        return ESTATE_RESOURCE;
    }

    /**
     * Where a request declared by path enters: the resource class at the runtime's own dispatch,
     * unless a servlet container in front matches the path below the JAX-RS dispatcher servlet.
     */
    protected String entryPointByPath() {
        return resource();
    }

    /** One declaration of the endpoint on this runtime. */
    protected abstract class OneDeclaration extends LegacyRuntimeScenarios {

        @Override
        protected ForkedService start(Path workDir, Path agentConfig) throws Exception {
            return startRuntime(workDir, agentConfig);
        }

        @Override
        protected String basePath() {
            return applicationRoot();
        }

        @Override
        protected String expectedEntryPoint() {
            return resource();
        }
    }

    /** {@code path: /orders}, relative to the application root. */
    protected abstract class ByPath extends OneDeclaration {

        @Override
        protected String expectedEntryPoint() {
            return entryPointByPath();
        }
    }

    /** {@code resource-method: ...OrdersResource#create} and no path: the runtime's own routing decides. */
    protected abstract class ByResourceMethod extends OneDeclaration {

        @Override
        protected List<String> endpointDeclaration() {
            return List.of("method: POST", "resource-method: " + resource() + "#create");
        }
    }
}
