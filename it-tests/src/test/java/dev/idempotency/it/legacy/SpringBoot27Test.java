package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * The estate contract as a Spring MVC {@code @RestController} in a Spring Boot 2.7 executable jar
 * (javax, embedded Tomcat 9, {@code server.port=0}), agent attached through {@code -javaagent} and
 * nothing else.
 */
class SpringBoot27Test extends LegacyRuntimeScenarios {

    /** Spring Boot's own start-up line names the port Tomcat bound. */
    private static final Pattern STARTED = Pattern.compile("Tomcat started on port\\(s\\): (\\d+)");

    @Override
    protected ForkedService start(Path workDir, Path agentConfig) {
        return DemoApp.builder(Artifacts.estateSpringBoot27Jar()).readyLine(STARTED)
                .workDir(workDir).agentConfig(agentConfig).start();
    }

    /** The first advised class of the chain takes the request: the first of the filters Spring Boot registers, before the DispatcherServlet. */
    @Override
    protected String expectedEntryPoint() {
        return "org.springframework.boot.web.servlet.filter.OrderedCharacterEncodingFilter";
    }
}
