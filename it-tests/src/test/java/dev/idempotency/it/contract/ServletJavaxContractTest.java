package dev.idempotency.it.contract;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import java.nio.file.Path;
import java.util.Set;

/** The contract on the javax servlets in embedded Tomcat 9, agent attached at start-up. */
class ServletJavaxContractTest extends ContractSuite {

    @Override
    protected ForkedService startWithAgent(Path workDir, Path agentConfig) {
        return DemoApp.servletJavax().workDir(workDir).agentConfig(agentConfig).start();
    }

    @Override
    protected boolean answersAsynchronously() {
        return true;
    }

    @Override
    protected boolean tracksSessionsInUrls() {
        return true;
    }

    /**
     * Tomcat decodes, merges {@code //}, resolves dot segments (also {@code %2e}) and drops path parameters
     * before mapping; {@code /orders%2F} is refused (400) and {@code /orders/{id}/payments/} reaches the servlet,
     * which answers 404 itself.
     */
    @Override
    protected Set<String> variantsRoutedToTheHandler() {
        return Set.of(
                "//orders",
                "/orders/",
                "/./orders",
                "/x/../orders",
                "/%6Frders",
                "/%6frders",
                "/orders/;x",
                "/orders;jsessionid=ABC123",
                "/%2e/orders",
                "/orders/%66orm",
                "/orders//form",
                "/orders/{id}//payments",
                "//orders/{id}/payments",
                "/orders//{id}/payments",
                "/orders/{id}/%70ayments",
                "/orders/{id}/payments;x=1",
                "/orders/{id}/./payments",
                "/orders/{id}/payments;jsessionid=XYZ");
    }
}
