package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import java.nio.file.Path;

/**
 * The estate's JAX-RS 2.0 resources in Jersey 2.25.1's {@code ServletContainer}, declared in the
 * WAR's web.xml and mapped at {@code /api/*} ({@code legacy-demo/estate/estate-jersey225-war}), in
 * the Tomcat 9 distribution. The endpoint is declared in the JAX-RS form, {@code path: /orders}
 * relative to the application root: below {@code /<context>/api}, matched at the servlet layer below
 * the mapping of Jersey's dispatcher servlet.
 */
class Jersey225InTomcatTest extends JaxrsServletInTomcatScenarios {

    @Override
    protected Path war() {
        return Artifacts.estateJersey225War();
    }

    @Override
    protected String contextPath() {
        return "estate-jersey225";
    }
}
