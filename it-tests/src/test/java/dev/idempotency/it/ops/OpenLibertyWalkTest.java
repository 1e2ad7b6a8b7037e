package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.Http;
import dev.idempotency.it.support.OpenLiberty;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The walk from nothing declared to a passing {@code verify} on Open Liberty 25 ({@code jaxrs-2.1},
 * the agent's {@code -javaagent} the one line of {@code jvm.options}), with no hand edit: the
 * estate's Java EE 8 WAR takes an order without a key, {@code discover} on the server's pid drafts
 * its endpoint, the server restarted with the draft protects it, and {@code verify} passes.
 * Liberty names its own MBean server builder, which only its loaders see: {@code status} and
 * {@code discover} answer all the same.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class OpenLibertyWalkTest {

    private static final String HEAD = "service-name: estate\non-config-error: fail\n";
    private static final String ORDER = "{\"item\": \"book\", \"quantity\": 1}";

    @Test
    void discoverPasteRestartVerifyPassesOnLiberty(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("agent.yaml"), HEAD + "endpoints: []\n");
        try (OpenLiberty liberty = OpenLiberty.builder(Artifacts.estateJavaee8War(), "estate-javaee8", "/api")
                .workDir(dir).agentConfig(config).start()) {
            AgentCli cli = new AgentCli(dir, config);
            // Asked at once, before the agent has made Liberty's MBean server with Liberty's builder:
            // the command waits for it (a few seconds at most) rather than failing.
            AgentCli.Result early = cli.runWithoutConfig("status", Long.toString(liberty.pid()));
            assertThat(early.exitCode()).as(early.toString()).isZero();
            Http.Response created = Http.to(liberty.baseUri()).postJson("/api/orders", ORDER);
            assertThat(created.status()).as(created.body()).isEqualTo(201);

            AgentCli.Result discovered = cli.runWithoutConfig("discover", Long.toString(liberty.pid()));

            assertThat(discovered.exitCode()).as(discovered.toString()).isZero();
            String endpoints = discovered.stdout().substring(discovered.stdout().indexOf("endpoints:\n"));
            Files.writeString(config, HEAD + endpoints);
            liberty.restart();
            String name = endpoints.lines().filter(line -> line.startsWith("  - name: ")).findFirst().orElseThrow()
                    .substring("  - name: ".length());
            AgentCli.Result verified = cli.run("verify", "--url", liberty.baseUri().toString(),
                    "--sample", name + "=" + ORDER, "--count", name + "=/api/orders/count");

            assertThat(verified.exitCode()).as(discovered.stdout() + verified).isZero();
            assertThat(verified.stdout()).as(verified.toString()).contains("6 passed, 0 failed, 1 skipped");
        }
    }
}
