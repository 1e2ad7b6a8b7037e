package dev.idempotency.it.legacy;

import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.OpenLiberty;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * The estate's Java EE 8 WAR ({@code @ApplicationPath("api")}) in Open Liberty 25 with
 * {@code jaxrs-2.1} (Liberty's Apache CXF 3, OSGi bundles), started by {@code bin/server run} with
 * only the agent's {@code -javaagent} in {@code jvm.options}; the endpoint declared once by path and
 * once by resource method alone, each declaration its own server. By path, the agent takes the
 * request at CXF's destination (group {@code cxf-javax}); by resource method, where CXF has matched
 * the method (group {@code cxfrs-javax}).
 */
class OpenLiberty25Test extends JavaEe8WarScenarios {

    @Override
    protected ForkedService startRuntime(Path workDir, Path agentConfig) {
        return OpenLiberty.builder(war(), CONTEXT, MAPPING)
                .workDir(workDir).agentConfig(agentConfig).start();
    }

    /**
     * Liberty's JAX-RS servlet ({@code IBMRestServlet}) is not a class the application's loader can
     * name, so the servlet layer does not know it for a JAX-RS dispatcher: CXF's servlet
     * destination behind it matches the path below the endpoint's address.
     */
    @Override
    protected String entryPointByPath() {
        return "org.apache.cxf.transport.servlet.ServletDestination";
    }

    @Nested
    class DeclaredByPath extends ByPath {
    }

    @Nested
    class DeclaredByResourceMethod extends ByResourceMethod {
    }
}
