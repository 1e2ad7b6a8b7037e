package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.ConfigLoader;
import dev.idempotency.agent.tooling.GroupRole;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The protection check and the start-up line say truthfully what instrumentation.disabled switched off. */
class ProtectionCheckTest {

    private static final String JERSEY_INVOKER = "org.glassfish.jersey.server.model.ResourceMethodInvoker";

    @TempDir
    Path dir;

    @Test
    void aDisabledGroupWhoseClassWasLoadedIsTheCauseWithItsFix() throws Exception {
        AgentConfig config = config("instrumentation:\n  disabled: [jersey-javax]\n");
        AgentStatus status = new AgentStatus(config);
        status.disabledGroupPassedOver("jersey-javax", JERSEY_INVOKER);

        ProtectionCheck.report(status, Duration.ofSeconds(2));

        assertThat(status.getWarnings()).singleElement().asString().contains(
                "create-order POST /orders: no instrumented entry point serves it 2s after start, so its requests run UNPROTECTED.",
                "Cause: instrumentation group jersey-javax is disabled by instrumentation.disabled in " + file(config),
                "the application loaded " + JERSEY_INVOKER + ", which jersey-javax instruments",
                "Fix: to protect the endpoint, remove jersey-javax from instrumentation.disabled and restart the service");
        assertThat(status.getDisabledInstrumentationGroups())
                .containsExactly("jersey-javax: left uninstrumented, e.g. " + JERSEY_INVOKER);
    }

    @Test
    void aDisabledGroupNothingNeededIsOnlyMentionedBesideTheCause() throws Exception {
        AgentConfig config = config("instrumentation:\n  disabled: [servlet-jakarta]\n");
        AgentStatus status = new AgentStatus(config);

        ProtectionCheck.report(status, Duration.ofSeconds(2));

        assertThat(status.getWarnings()).singleElement().asString().contains(
                "Cause: the application has loaded no servlet, filter or JAX-RS runtime class",
                "; instrumentation.disabled in " + file(config) + " also switches off servlet-jakarta. Fix: if the service");
        assertThat(status.getDisabledInstrumentationGroups())
                .containsExactly("servlet-jakarta: none of its classes loaded so far");
    }

    @Test
    void anEndpointServedByAnEnabledGroupIsNotReported() throws Exception {
        AgentStatus status = new AgentStatus(config("instrumentation:\n  disabled: [jersey-javax]\n"));
        status.disabledGroupPassedOver("jersey-javax", JERSEY_INVOKER);
        status.instrumented("org.example.OrdersServlet", getClass().getClassLoader(),
                GroupRole.SERVLET);

        ProtectionCheck.report(status, Duration.ofSeconds(2));

        assertThat(status.getWarnings()).isEmpty();
    }

    @Test
    void theStartUpLineNamesTheDisabledGroupsAndOnlyThen() throws Exception {
        AgentConfig config = config("instrumentation:\n  disabled: [jersey-javax, resteasy-jakarta]\n");

        assertThat(AgentStartup.startupLine(config, "h2"))
                .isEqualTo("1 endpoint declared in " + file(config) + ", store h2, instrumentation disabled: "
                        + "jersey-javax, resteasy-jakarta");
        assertThat(AgentStartup.startupLine(config(""), "h2")).endsWith(", store h2");
    }

    private AgentConfig config(String instrumentation) throws Exception {
        return ConfigLoader.load(Files.writeString(dir.resolve("agent.yaml"), instrumentation + """
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                """));
    }

    private static String file(AgentConfig config) {
        return config.source().toAbsolutePath().normalize().toString();
    }
}
