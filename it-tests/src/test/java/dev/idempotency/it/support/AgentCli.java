package dev.idempotency.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs {@code java -jar idempotency-agent.jar <args>} in a directory, as an operator would, bounded in time. */
public final class AgentCli {

    private static final long TIMEOUT_SECONDS = 60;

    private final Path workDir;
    private final Path config;
    private final String java;

    public AgentCli(Path workDir, Path config) {
        this(workDir, config, Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** Commands run with {@code java} (the {@code bin/java} of a JDK other than the tests' own). */
    public AgentCli(Path workDir, Path config, String java) {
        this.workDir = workDir;
        this.config = config;
        this.java = java;
    }

    /** Runs the command with {@code --config <file>} appended. */
    public Result run(String... args) {
        List<String> command = command(args);
        command.addAll(List.of("--config", config.toString()));
        return exec(command);
    }

    /** Runs a command that takes no config ({@code status <pid>}). */
    public Result runWithoutConfig(String... args) {
        return exec(command(args));
    }

    private List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(java, "-jar", Artifacts.agentJar().toString()));
        command.addAll(List.of(args));
        return command;
    }

    private Result exec(List<String> command) {
        try {
            Path out = Files.createTempFile(workDir, "cli", ".out");
            Path err = Files.createTempFile(workDir, "cli", ".err");
            ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().remove("IDEMPOTENCY_AGENT_CONFIG");
            builder.environment().remove("JAVA_TOOL_OPTIONS");
            Process process = builder.start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException("agent CLI did not finish within " + TIMEOUT_SECONDS + " s: " + command);
            }
            return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    public record Result(int exitCode, String stdout, String stderr) {

        /** The value of a {@code name: value} line of {@code inspect}. */
        public String field(String name) {
            for (String line : stdout.split("\n")) {
                if (line.startsWith(name + ":")) {
                    return line.substring(name.length() + 1).trim();
                }
            }
            throw new AssertionError("no '" + name + "' line in:\n" + this);
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout ---\n" + stdout + "--- stderr ---\n" + stderr;
        }
    }
}
