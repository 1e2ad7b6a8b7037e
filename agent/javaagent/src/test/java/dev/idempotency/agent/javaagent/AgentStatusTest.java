package dev.idempotency.agent.javaagent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.config.ConfigLoader;
import dev.idempotency.agent.javaagent.instrumentation.EntryPointKind;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        status.instrumented("org.example.Dispatcher", null, EntryPointKind.JAXRS);
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

    /** In its own frame, so that no local variable keeps the loader once it returns. */
    private static WeakReference<ClassLoader> instrumentIn(AgentStatus status) throws Exception {
        URLClassLoader loader = new URLClassLoader(new URL[0], null);
        status.instrumented("org.example.OrdersServlet", loader, EntryPointKind.SERVLET);
        assertThat(status.getInstrumentedEntryPoints()).contains("org.example.OrdersServlet in java.net.URLClassLoader@"
                + Integer.toHexString(System.identityHashCode(loader)));
        loader.close();
        return new WeakReference<>(loader);
    }
}
