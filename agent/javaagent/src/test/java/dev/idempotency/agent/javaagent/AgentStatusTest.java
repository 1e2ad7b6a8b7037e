package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.ConfigLoader;
import dev.idempotency.agent.management.AgentProperties;
import dev.idempotency.agent.tooling.GroupRole;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.assertj.core.api.Assertions.assertThat;

/** The status lists the entry points of live loaders, and keeps no loader alive for it. */
class AgentStatusTest {

    @TempDir
    Path dir;

    @Test
    void anUndeployedApplicationsEntryPointsGoWithItsLoader() throws Exception {
        AgentStatus status = new AgentStatus(ConfigLoader.load(Files.writeString(dir.resolve("agent.yaml"), """
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                """)));
        status.instrumented("org.example.Dispatcher", null, GroupRole.JAXRS);
        WeakReference<ClassLoader> application = instrumentIn(status);
        assertThat(status.getInstrumentedEntryPoints()).hasSize(2);

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (application.get() != null && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(50);
        }
        assertThat(application.get()).as("the application's loader, referred to only by the status").isNull();
        assertThat(status.getInstrumentedEntryPoints()).containsExactly("org.example.Dispatcher in the bootstrap loader");
    }

    @Test
    void anEndpointDeclaredByPathAndResourceMethodIsListedWithBoth() throws Exception {
        AgentStatus status = new AgentStatus(ConfigLoader.load(Files.writeString(dir.resolve("agent.yaml"), """
                endpoints:
                  - name: create-contact
                    method: POST
                    path: /contacts
                    resource-method: com.example.ContactsResource#create
                  - name: pay
                    method: POST
                    resource-method: com.example.Payments#pay
                """)));

        assertThat(status.getDeclaredEndpoints()).containsExactly(
                "create-contact POST /contacts com.example.ContactsResource#create", "pay POST com.example.Payments#pay");
    }

    @Test
    void whatTheRecordingSaysOnStderrIsAmongTheStatusWarnings() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("not-a-directory"), "a file");
        AgentConfig config = ConfigLoader.load(Files.writeString(dir.resolve("agent.yaml"), """
                logging:
                  sink: file
                  file: %s
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                """.formatted(notADirectory.resolve("attempts.jsonl"))));
        AgentStatus status = new AgentStatus(config);

        AttemptRecording recording = AttemptRecording.start(config, status);
        recording.listener().onInternalFailure("storing the outcome", new IllegalStateException("disk full"));

        assertThat(status.getWarnings()).hasSize(2);
        assertThat(status.getWarnings()[0]).startsWith("cannot open the attempt log " + notADirectory.resolve("attempts.jsonl"))
                .contains("attempts are not logged");
        assertThat(status.getWarnings()[1]).isEqualTo("storing the outcome: java.lang.IllegalStateException: disk full");
    }

    @Test
    void anAgentThatStaysOutSaysWhyWhereStatusLooks() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.yaml"), """
                on-config-error: disable
                endpoints:
                  - name: create-order
                    method: PUSH
                    path: /orders
                """);
        try {
            AgentStartup.start("config=" + broken, null, true);

            assertThat(System.getProperty(AgentProperties.RUNNING_PROPERTY)).isNull();
            assertThat(System.getProperty(AgentProperties.NOT_RUNNING_PROPERTY))
                    .startsWith("the config has errors; on-config-error is disable, so the service runs UNPROTECTED")
                    .contains("PUSH");
        } finally {
            System.clearProperty(AgentProperties.NOT_RUNNING_PROPERTY);
        }
    }

    /** In its own frame, so that no local variable keeps the loader once it returns. */
    private static WeakReference<ClassLoader> instrumentIn(AgentStatus status) throws Exception {
        URLClassLoader loader = new URLClassLoader(new URL[0], null);
        status.instrumented("org.example.OrdersServlet", loader, GroupRole.SERVLET);
        assertThat(status.getInstrumentedEntryPoints()).contains("org.example.OrdersServlet in java.net.URLClassLoader@"
                + Integer.toHexString(System.identityHashCode(loader)));
        loader.close();
        return new WeakReference<>(loader);
    }
}
