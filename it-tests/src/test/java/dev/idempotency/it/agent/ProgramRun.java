package dev.idempotency.it.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of a forked program that ends by itself: its exit code and what it wrote, each stream
 * to a file in its working directory. Bounded: a program that has not ended within 60 s fails the
 * test, and is killed either way. The config location is only what the command and {@code env}
 * say, never the test JVM's {@code IDEMPOTENCY_AGENT_CONFIG}.
 */
record ProgramRun(int exitCode, String stdout, String stderr) {

    static ProgramRun of(List<String> command, Path dir, Map<String, String> env)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        builder.environment().remove("IDEMPOTENCY_AGENT_CONFIG");
        builder.environment().putAll(env);
        Process process = builder.start();
        try {
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                throw new AssertionError("the JVM did not exit within 60 s");
            }
            return new ProgramRun(process.exitValue(),
                    Files.readString(dir.resolve("stdout.txt"), StandardCharsets.UTF_8),
                    Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8));
        } finally {
            process.destroyForcibly();
        }
    }
}
