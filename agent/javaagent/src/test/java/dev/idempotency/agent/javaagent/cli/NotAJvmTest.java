package dev.idempotency.agent.javaagent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code status} and {@code attach} pointed at a process that is no JVM: a shell that, as
 * PostgreSQL's postmaster does, takes SIGQUIT as "stop now". Nothing may be sent to it.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class NotAJvmTest {

    @TempDir
    Path dir;
    private Process quitsOnSigquit;

    @BeforeEach
    void start() throws IOException, InterruptedException {
        quitsOnSigquit = new ProcessBuilder("/bin/sh", "-c", "trap 'exit 3' QUIT; while :; do sleep 0.1; done")
                .redirectErrorStream(true).start();
        Thread.sleep(300); // the trap is set before the loop starts
    }

    @AfterEach
    void stop() {
        quitsOnSigquit.destroyForcibly();
    }

    @Test
    void statusSendsNothingToAProcessThatIsNoJvm() throws InterruptedException {
        Result result = run("status", pid());

        assertThat(result.exit).isEqualTo(1);
        assertThat(result.err).contains("process " + pid() + " is not a Java virtual machine", "nothing was sent");
        assertStillRunning();
    }

    @Test
    void attachSendsNothingToAProcessThatIsNoJvm() throws IOException, InterruptedException {
        Path config = Files.writeString(dir.resolve("agent.yaml"),
                "endpoints:\n  - name: create-order\n    method: POST\n    path: /orders\n");

        Result result = run("attach", pid(), "--config", config.toString());

        assertThat(result.exit).isEqualTo(1);
        assertThat(result.err).contains("process " + pid() + " is not a Java virtual machine", "nothing was sent");
        assertStillRunning();
    }

    private void assertStillRunning() throws InterruptedException {
        assertThat(quitsOnSigquit.waitFor(1, TimeUnit.SECONDS)).as("the process exited (status %s)",
                quitsOnSigquit.isAlive() ? "-" : quitsOnSigquit.exitValue()).isFalse();
    }

    private String pid() {
        return Long.toString(quitsOnSigquit.pid());
    }

    private static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(exit, err.toString(StandardCharsets.UTF_8));
    }

    private static final class Result {
        final int exit;
        final String err;

        Result(int exit, String err) {
            this.exit = exit;
            this.err = err;
        }
    }
}
