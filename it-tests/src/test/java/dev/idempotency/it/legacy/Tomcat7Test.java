package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.StandaloneTomcat;
import java.nio.file.Path;

/**
 * The estate servlets in a Servlet 3.0 WAR (web.xml 3.0) on a standalone Tomcat 7.0 (its BIO
 * connector), under {@code /estate}; the agent attached through {@code -javaagent} and nothing else.
 * Tomcat 7.0.109's {@code catalina.sh} opens the JDK packages it needs on Java 9 and later itself.
 */
class Tomcat7Test extends LegacyRuntimeScenarios {

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return StandaloneTomcat.builder(Artifacts.estateServlet30War()).distribution(Artifacts.tomcat7Zip())
                .contextPath("estate").workDir(workDir).agentConfig(agentConfig).start();
    }

    /** The first advised class of the chain takes the request: the WebSocket filter Tomcat maps to {@code /*} in every application. */
    @Override
    protected String expectedEntryPoint() {
        return "org.apache.tomcat.websocket.server.WsFilter";
    }
}
