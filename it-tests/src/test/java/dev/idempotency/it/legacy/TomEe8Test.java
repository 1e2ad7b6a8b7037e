package dev.idempotency.it.legacy;

import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.TomEe;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * The estate's Java EE 8 WAR ({@code @ApplicationPath("api")}) in Apache TomEE 8.0.16, whose JAX-RS
 * is Apache CXF 3.5 inside Tomcat 9, the agent attached by {@code -javaagent} alone; the endpoint
 * declared once by path and once by resource method alone, each declaration its own server. Both
 * ways, the agent takes the request where CXF has matched the resource method (group
 * {@code cxfrs-javax}): TomEE hands it to CXF from a filter of its own, which neither the servlet
 * container's mapping nor CXF's destination, whose address is relative, places below the
 * application root.
 */
class TomEe8Test extends JavaEe8WarScenarios {

    @Override
    protected ForkedService startRuntime(Path workDir, Path agentConfig) {
        return TomEe.builder(war(), CONTEXT, MAPPING)
                .workDir(workDir).agentConfig(agentConfig).start();
    }

    @Nested
    class DeclaredByPath extends ByPath {
    }

    @Nested
    class DeclaredByResourceMethod extends ByResourceMethod {
    }
}
