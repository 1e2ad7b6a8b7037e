package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.ForkedService;
import dev.idempotency.it.support.Http;
import dev.idempotency.it.support.StandaloneTomcat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A declaration that matches nothing is said, once, with the fix: a resource method the class does
 * not have (with the closest names it has), and a path written with the application's context
 * path in it. Each warning goes to stderr and to the attempt log; the request it concerns runs
 * unprotected, as the config says nothing that protects it. So does an endpoint whose only entry
 * point belongs to an instrumentation group the config switches off, with the group as the cause.
 */
class DeclarationWarningsTest {

    private static final String ORDER = "{\"item\": \"book\", \"quantity\": 1}";

    @TempDir
    Path dir;

    @Test
    void aMistypedResourceMethodIsNamedWithTheMethodsTheClassHas() throws IOException {
        Path config = write("typo.yaml", """
                service-name: declaration-warnings
                logging:
                  sink: stdout
                endpoints:
                  - name: create-order
                    method: POST
                    resource-method: dev.idempotency.demo.jaxrsjavax.OrdersResource#craete
                """);
        try (DemoApp app = DemoApp.jaxrsJavax().workDir(dir.resolve("jersey")).agentConfig(config).start()) {
            Http http = Http.to(app.baseUri());
            String key = UUID.randomUUID().toString();

            Http.Response first = http.postJson("/orders", ORDER, "Idempotency-Key", key);
            Http.Response second = http.postJson("/orders", ORDER, "Idempotency-Key", key);

            assertThat(first.status()).isEqualTo(201);
            assertThat(second.header("Idempotent-Replayed")).as("the declaration protects nothing").isEmpty();
            String warning = "WARNING: endpoint create-order: resource-method "
                    + "dev.idempotency.demo.jaxrsjavax.OrdersResource#craete names no public method";
            awaitLine(app, warning);
            assertThat(matching(app.stderr(), warning)).hasSize(1).allSatisfy(line ->
                    assertThat(line).contains("protects nothing").contains("closest: create, "));
            awaitLine(app, "\"event.action\":\"endpoint_warning\"", true);
            assertThat(matching(app.stdout(), "\"event.action\":\"endpoint_warning\"")).hasSize(1)
                    .allSatisfy(line -> assertThat(line).contains("\"idempotency.endpoint\":\"create-order\""));
        }
    }

    @Test
    void aPathThatIncludesTheContextPathIsNamedWithTheCorrectedPath() throws IOException {
        Path config = write("context.yaml", """
                service-name: declaration-warnings
                logging:
                  sink: stdout
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders-demo/orders
                """);
        try (StandaloneTomcat tomcat = StandaloneTomcat.ordersWar().workDir(dir.resolve("tomcat"))
                .agentConfig(config).start()) {
            Http http = Http.to(tomcat.baseUri());

            Http.Response first = http.postJson("/orders", ORDER);
            http.postJson("/orders", ORDER);

            assertThat(first.status()).as("no key, yet not refused: nothing is declared for /orders").isEqualTo(201);
            String warning = "WARNING: endpoint create-order: path /orders-demo/orders includes the context path "
                    + "/orders-demo";
            awaitLine(tomcat, warning);
            assertThat(matching(tomcat.stderr(), warning)).as("once").hasSize(1)
                    .allSatisfy(line -> assertThat(line).endsWith("declare path: /orders"));
        }
    }

    /**
     * A path declared misspelt: keyed requests reach the real path, which nothing declares, and
     * each runs; once three have, while the declared endpoint has had none, the agent says so.
     */
    @Test
    void keyedRequestsToAnUndeclaredPathWhileTheDeclaredOneIsIdleAreSaidOnce() throws IOException {
        Path config = write("misspelt.yaml", """
                service-name: declaration-warnings
                logging:
                  sink: stdout
                endpoints:
                  - name: create-order
                    method: POST
                    path: /ordres
                """);
        try (DemoApp app = DemoApp.servletJavax().workDir(dir.resolve("misspelt")).agentConfig(config).start()) {
            Http http = Http.to(app.baseUri());
            Stats before = Stats.of(http.get("/stats").json());

            for (int i = 0; i < 4; i++) {
                Http.Response created = http.postJson("/orders", ORDER, "Idempotency-Key", UUID.randomUUID().toString());
                assertThat(created.status()).as(created.body()).isEqualTo(201);
            }

            assertThat(Stats.of(http.get("/stats").json()).minus(before).orders()).as("each request ran").isEqualTo(4);
            String warning = "WARNING: endpoint create-order: 3 requests carried Idempotency-Key to POST /orders, "
                    + "which no endpoint declares, so the agent protected none of them, while this endpoint "
                    + "(POST /ordres) has been routed no request since start.";
            awaitLine(app, warning);
            assertThat(matching(app.stderr(), warning)).as("once").singleElement().asString()
                    .contains("correct its path or method and restart", "discover");
            awaitLine(app, "\"event.action\":\"endpoint_warning\"", true);
            assertThat(matching(app.stdout(), "\"event.action\":\"endpoint_warning\"")).hasSize(1);
        }
    }

    @Test
    void anEndpointOnlyADisabledGroupServesRunsUnprotectedWithTheGroupAsTheCause() throws IOException {
        Path config = write("disabled.yaml", """
                service-name: declaration-warnings
                protection-check-after: 8s
                instrumentation:
                  disabled: [jersey-javax]
                logging:
                  sink: stdout
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                """);
        try (DemoApp app = DemoApp.jaxrsJavax().workDir(dir.resolve("disabled")).agentConfig(config).start()) {
            Http http = Http.to(app.baseUri());
            String key = UUID.randomUUID().toString();
            Stats before = Stats.of(http.get("/stats").json());

            Http.Response first = http.postJson("/orders", ORDER, "Idempotency-Key", key);
            Http.Response second = http.postJson("/orders", ORDER, "Idempotency-Key", key);

            assertThat(first.status()).isEqualTo(201);
            assertThat(second.status()).isEqualTo(201);
            assertThat(second.header("Idempotent-Replayed")).as("nothing replays").isEmpty();
            assertThat(Stats.of(http.get("/stats").json()).minus(before).orders()).as("both requests executed")
                    .isEqualTo(2);
            String file = config.toAbsolutePath().normalize().toString();
            assertThat(app.stderr()).anyMatch(line -> line.endsWith(", instrumentation disabled: jersey-javax"));
            // The check must come after the application has loaded Jersey, which it does before it listens.
            String warning = "WARNING: create-order POST /orders: no instrumented entry point serves it 8s after start";
            await().atMost(Duration.ofSeconds(20)).until(() -> !matching(app.stderr(), warning).isEmpty());
            assertThat(matching(app.stderr(), warning)).as("once").singleElement().asString().contains(
                    "UNPROTECTED", "Cause: instrumentation group jersey-javax is disabled by instrumentation.disabled in "
                            + file, "Fix: to protect the endpoint, remove jersey-javax from instrumentation.disabled");
        }
    }

    private static void awaitLine(ForkedService service, String text) {
        awaitLine(service, text, false);
    }

    private static void awaitLine(ForkedService service, String text, boolean stdout) {
        await().atMost(Duration.ofSeconds(10)).until(
                () -> !matching(stdout ? service.stdout() : service.stderr(), text).isEmpty());
    }

    private static List<String> matching(List<String> lines, String text) {
        return lines.stream().filter(line -> line.contains(text)).collect(Collectors.toList());
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }
}
