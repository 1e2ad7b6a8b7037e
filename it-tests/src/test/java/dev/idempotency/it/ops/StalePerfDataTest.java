package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM killed with {@code kill -9} (or by the OOM killer) leaves its performance-data file
 * ({@code /tmp/hsperfdata_<user>/<pid>}) behind, and its pid may later belong to a program that is
 * no JVM: PostgreSQL's postmaster shuts down at the SIGQUIT the attach handshake sends. The
 * operator's commands signal only a process that is a HotSpot JVM now, never on the word of a
 * perf-data file alone: here a shell that reports every SIGQUIT it gets stands behind a copy of this
 * JVM's own perf-data file, and {@code status} and {@code discover} refuse it without a signal.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class StalePerfDataTest {

    @Test
    void aProgramThatIsNoJvmIsNeverSignalledWhateverItsPerfDataFileSays(@TempDir Path workDir) throws Exception {
        Path signals = workDir.resolve("signals.log");
        Process notAJvm = new ProcessBuilder("/bin/sh", "-c",
                "trap 'echo SIGQUIT >> " + signals + "' QUIT; while :; do sleep 0.1; done").start();
        Path perfDir = Path.of(System.getProperty("java.io.tmpdir"), "hsperfdata_" + System.getProperty("user.name"));
        Path ownPerfData = perfDir.resolve(Long.toString(ProcessHandle.current().pid()));
        Path stale = perfDir.resolve(Long.toString(notAJvm.pid()));
        try {
            assertThat(ownPerfData).as("this JVM publishes its perf data").exists();
            Files.copy(ownPerfData, stale);

            for (String command : List.of("status", "discover")) {
                AgentCli.Result refused = new AgentCli(workDir, null).runWithoutConfig(command, Long.toString(notAJvm.pid()));

                assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
                assertThat(refused.stderr()).as(refused.toString())
                        .contains("process " + notAJvm.pid() + " is not a Java virtual machine", "nothing was sent");
            }
            Thread.sleep(500);
            assertThat(notAJvm.isAlive()).isTrue();
            assertThat(Files.exists(signals) ? Files.readAllLines(signals, StandardCharsets.UTF_8) : List.<String>of())
                    .as("signals the program got").isEmpty();
        } finally {
            notAJvm.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            deleteQuietly(stale);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a file in the temp dir: the next one of this pid replaces it
        }
    }
}
