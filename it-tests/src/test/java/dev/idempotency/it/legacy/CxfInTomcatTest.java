package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import java.nio.file.Path;

/**
 * Apache CXF 3.5's JAX-RS frontend in {@code CXFNonSpringJaxrsServlet} at {@code /api/*}, the WAR
 * {@code legacy-demo/estate/cxf-war} in the Tomcat 9 distribution under {@code /estate-cxf}.
 * The filter in front takes the request, so the agent's hook in CXF's HTTP destination (group
 * {@code cxf-javax}) stays out.
 */
class CxfInTomcatTest extends JaxrsServletInTomcatScenarios {

    @Override
    protected Path war() {
        return Artifacts.estateCxfWar();
    }

    @Override
    protected String contextPath() {
        return "estate-cxf";
    }
}
