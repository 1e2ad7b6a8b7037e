package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.agent.IdleProgram;
import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.ServiceJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's walk as an operator runs it against a service a launcher script starts
 * ({@code standalone.sh}, {@code catalina.sh run}): {@code $!} is the script's pid, and the
 * command is run at once, while the JVM below it is still starting. {@code status} and
 * {@code discover} read that JVM's agent, say which process they read, and wait for it to publish
 * its status instead of failing.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LauncherScriptPidTest {

    private static final String STARTED = "idempotency-agent ";

    @Test
    void statusAndDiscoverReadTheJvmALauncherScriptStartedWhileItStarts(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("agent.yaml"), """
                service-name: launched
                endpoints:
                  - name: create-order
                    method: POST
                    path: /orders
                """);
        String jvm = String.join(" ", ServiceJvm.java(), "-javaagent:" + Artifacts.agentJar() + "=config=" + config,
                "-cp", System.getProperty("java.class.path"), IdleProgram.class.getName(), "40");
        Path log = dir.resolve("launcher.log");
        // a script that stays the JVM's parent, as launcher scripts that run it in the background do
        Process launcher = new ProcessBuilder("sh", "-c", jvm + " & wait").directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            // the agent has started (its line is on stderr) and has not published its status (it does 5 s later)
            await().atMost(Duration.ofSeconds(20)).until(() -> Files.readString(log).contains(STARTED));
            long jvmPid = launcher.descendants().findFirst().orElseThrow().pid();
            AgentCli cli = new AgentCli(dir, config);

            AgentCli.Result status = cli.runWithoutConfig("status", Long.toString(launcher.pid()));
            AgentCli.Result discovered = cli.runWithoutConfig("discover", Long.toString(launcher.pid()));

            assertThat(status.exitCode()).as(status.toString()).isZero();
            assertThat(status.stdout()).as(status.toString()).startsWith("process " + jvmPid + ": idempotency-agent")
                    .contains("create-order POST /orders");
            assertThat(status.stderr()).as(status.toString()).contains("status: process " + launcher.pid()
                    + " is not a Java virtual machine; reading the JVM it started, process " + jvmPid);
            assertThat(discovered.exitCode()).as(discovered.toString()).isZero();
            assertThat(discovered.stdout()).as(discovered.toString()).startsWith("process " + jvmPid + ": ");
        } finally {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
    }
}
