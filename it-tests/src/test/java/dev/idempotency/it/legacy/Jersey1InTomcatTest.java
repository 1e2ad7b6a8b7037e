package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import java.nio.file.Path;

/**
 * Jersey 1.19 ({@code com.sun.jersey}) in its {@code ServletContainer} at {@code /api/*}, the WAR
 * {@code legacy-demo/estate/jersey1-war} in the Tomcat 9 distribution under
 * {@code /estate-jersey1}. The agent's Jersey adapter is Jersey 2's and later: the request is
 * Jersey 1's servlet's.
 */
class Jersey1InTomcatTest extends JaxrsServletInTomcatScenarios {

    @Override
    protected Path war() {
        return Artifacts.estateJersey1War();
    }

    @Override
    protected String contextPath() {
        return "estate-jersey1";
    }
}
