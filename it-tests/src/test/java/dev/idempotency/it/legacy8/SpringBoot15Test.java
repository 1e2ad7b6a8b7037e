package dev.idempotency.it.legacy8;

import dev.idempotency.it.legacy.LegacyRuntimeScenarios;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The estate contract as a Spring MVC 4.3 {@code @RestController} in a Spring Boot 1.5.22 executable
 * jar (embedded Tomcat 8.5, {@code server.port=0}) on Java 8, agent attached through
 * {@code -javaagent} and nothing else.
 */
class SpringBoot15Test extends LegacyRuntimeScenarios {

    private static final Pattern STARTED = Pattern.compile("Tomcat started on port\\(s\\): (\\d+)");

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateSpringBoot15Jar()).readyLine(STARTED)
                .workDir(workDir).agentConfig(agentConfig).start();
    }

    /** The first advised class of the chain: the first filter Spring Boot 1.5 registers, before the DispatcherServlet. */
    @Override
    protected String expectedEntryPoint() {
        return "org.springframework.boot.web.filter.OrderedCharacterEncodingFilter";
    }
}
