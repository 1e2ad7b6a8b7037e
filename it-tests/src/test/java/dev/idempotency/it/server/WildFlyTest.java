package dev.idempotency.it.server;

import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.WildFly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The orders WAR in WildFly 37 (standalone, default profile: RESTEasy on Undertow, JBoss Modules
 * class loading), agent attached through {@code -javaagent} and nothing else.
 */
class WildFlyTest extends EeServerScenarios {

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return WildFly.ordersEe().workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected List<String> serverLog(ForkedService server) {
        try {
            return Stream.concat(super.serverLog(server).stream(),
                    Files.readAllLines(((WildFly) server).serverLog()).stream()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected String jaxrsRuntimeEntryPoint() {
        return "org.jboss.resteasy.core.SynchronousDispatcher";
    }
}
