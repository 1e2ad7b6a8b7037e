package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's walk from nothing declared to a passing {@code verify}, step by step as written: a
 * config with the service's name only, one {@code curl} without a key, {@code discover} at once,
 * its {@code endpoints:} list appended to the config, a restart, {@code verify}. The list discover
 * prints and verify's summary line are the README's own.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReadmeWalkTest {

    @Test
    void theReadmesDiscoverWalkEndsInAPassingVerifyAsItShows(@TempDir Path dir) throws IOException {
        String readme = Files.readString(Artifacts.repoFile("README.md"));
        Path config = Files.writeString(dir.resolve("idempotency.yaml"), "service-name: orders\n");
        try (DemoApp demo = DemoApp.servletJavax().workDir(dir).agentConfig(config).start()) {
            Http.Response created = Http.to(demo.baseUri()).postJson("/orders", "{\"item\": \"book\", \"quantity\": 1}");
            assertThat(created.status()).as(created.body()).isEqualTo(201);
            AgentCli cli = new AgentCli(dir, config);

            AgentCli.Result discovered = cli.runWithoutConfig("discover", Long.toString(demo.pid()));
            assertThat(discovered.exitCode()).as(discovered.toString()).isZero();
            String endpoints = discovered.stdout().substring(discovered.stdout().indexOf("endpoints:\n"));
            Files.writeString(config, endpoints, StandardOpenOption.APPEND);
            demo.restart();
            AgentCli.Result verified = cli.run("verify", "--url",
                    demo.baseUri().toString(), "--sample", "post-orders={\"item\": \"book\", \"quantity\": 1}",
                    "--count", "post-orders=/stats,/orders");

            assertThat(readme).as("the README shows the list discover prints").contains(endpoints);
            assertThat(verified.exitCode()).as(verified.toString()).isZero();
            String summary = verified.stdout().lines().filter(line -> line.matches("\\d+ passed, .*")).findFirst()
                    .orElseThrow();
            assertThat(readme).as("the README shows verify's summary").contains("...\n" + summary + "\n```");
        }
    }
}
