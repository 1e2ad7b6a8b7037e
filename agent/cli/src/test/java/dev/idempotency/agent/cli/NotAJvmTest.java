package dev.idempotency.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
    private BufferedReader itsOutput;

    /** Says "ready" once its traps are set; a SIGUSR1 makes it say "usr1". */
    @BeforeEach
    void start() throws IOException {
        quitsOnSigquit = new ProcessBuilder("/bin/sh", "-c",
                "trap 'echo quit; exit 3' QUIT; trap 'echo usr1' USR1; echo ready; while :; do sleep 0.1; done")
                .redirectErrorStream(true).start();
        itsOutput = new BufferedReader(new InputStreamReader(quitsOnSigquit.getInputStream(), StandardCharsets.UTF_8));
        assertThat(itsOutput.readLine()).isEqualTo("ready");
    }

    @AfterEach
    void stop() {
        quitsOnSigquit.destroyForcibly();
    }

    @Test
    void statusSendsNothingToAProcessThatIsNoJvm() throws IOException, InterruptedException {
        CliRun result = CliRun.of("status", pid());

        assertThat(result.exit).isEqualTo(1);
        assertThat(result.err).contains("process " + pid() + " is not a Java virtual machine", "nothing was sent");
        assertStillRunning();
    }

    @Test
    void attachSendsNothingToAProcessThatIsNoJvm() throws IOException, InterruptedException {
        Path config = Files.writeString(dir.resolve("agent.yaml"),
                "endpoints:\n  - name: create-order\n    method: POST\n    path: /orders\n");

        CliRun result = CliRun.of("attach", pid(), "--config", config.toString());

        assertThat(result.exit).isEqualTo(1);
        assertThat(result.err).contains("process " + pid() + " is not a Java virtual machine", "nothing was sent");
        assertStillRunning();
    }

    /**
     * Sends a SIGUSR1 and waits for the shell to answer it: it runs the traps of the signals it
     * has received in the order of their numbers, so a SIGQUIT sent before would have been
     * handled first (it says "quit" and exits).
     */
    private void assertStillRunning() throws IOException, InterruptedException {
        assertThat(new ProcessBuilder("kill", "-USR1", pid()).start().waitFor()).isZero();
        assertThat(itsOutput.readLine()).as("what the shell said").isEqualTo("usr1");
        assertThat(quitsOnSigquit.isAlive()).isTrue();
    }

    private String pid() {
        return Long.toString(quitsOnSigquit.pid());
    }
}
