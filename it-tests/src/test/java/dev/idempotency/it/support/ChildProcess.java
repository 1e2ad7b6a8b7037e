package dev.idempotency.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One started OS process with its output captured; kills its whole tree on request, and a JVM
 * shutdown hook kills whatever a test left running.
 */
final class ChildProcess {

    private static final Duration KILL_WAIT = Duration.ofSeconds(10);
    private static final Set<ChildProcess> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(ChildProcess::kill), "child-process-reaper"));
    }

    private final Process process;
    private final ProcessOutput stdout;
    private final ProcessOutput stderr;

    private ChildProcess(Process process, ProcessOutput stdout, ProcessOutput stderr) {
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Starts {@code command} in {@code workDir}; output goes to {@code <logPrefix>.stdout.log} and {@code .stderr.log}. */
    static ChildProcess start(List<String> command, Map<String, String> env, Path workDir, Path logPrefix) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        // A test states the agent config and JVM options itself; none leak in from the shell or from Maven.
        builder.environment().remove("IDEMPOTENCY_AGENT_CONFIG");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        builder.environment().remove("JDK_JAVA_OPTIONS");
        builder.environment().putAll(env);
        try {
            Files.createDirectories(logPrefix.getParent());
            Process process = builder.start();
            process.getOutputStream().close();
            String name = logPrefix.getFileName().toString();
            ChildProcess child = new ChildProcess(process,
                    ProcessOutput.capture(process.getInputStream(), Path.of(logPrefix + ".stdout.log"), name + "-stdout"),
                    ProcessOutput.capture(process.getErrorStream(), Path.of(logPrefix + ".stderr.log"), name + "-stderr"));
            RUNNING.add(child);
            return child;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    ProcessOutput stdout() {
        return stdout;
    }

    ProcessOutput stderr() {
        return stderr;
    }

    /** Waits until a line of stdout or stderr matches; fails early if the process exits first. */
    MatchResult awaitLine(Pattern pattern, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<MatchResult> match = stdout.find(pattern).or(() -> stderr.find(pattern));
            if (match.isPresent()) {
                return match.get();
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("process " + pid() + " exited with " + process.exitValue()
                        + " before printing /" + pattern + "/" + tails());
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no line matching /" + pattern + "/ within " + timeout + tails());
            }
            sleep(Duration.ofMillis(25));
        }
    }

    /** SIGKILL to the process and every descendant, then waits for them to be gone. */
    void kill() {
        List<ProcessHandle> tree = tree();
        tree.forEach(ProcessHandle::destroyForcibly);
        tree.forEach(handle -> awaitExit(handle, KILL_WAIT));
        RUNNING.remove(this);
    }

    /** SIGTERM to the tree (shutdown hooks run), then SIGKILL to whatever outlives {@code grace}. */
    void stop(Duration grace) {
        List<ProcessHandle> tree = tree();
        tree.forEach(ProcessHandle::destroy);
        awaitExit(process.toHandle(), grace);
        tree.forEach(ProcessHandle::destroyForcibly);
        tree.forEach(handle -> awaitExit(handle, KILL_WAIT));
        RUNNING.remove(this);
    }

    String tails() {
        return "\n--- stdout (" + stdout.file() + ") ---\n" + stdout.tail(20)
                + "\n--- stderr (" + stderr.file() + ") ---\n" + stderr.tail(40);
    }

    /** Descendants first collected while the parent lives: once it dies they are re-parented and lost. */
    private List<ProcessHandle> tree() {
        return Stream.concat(process.descendants().toList().stream(), Stream.of(process.toHandle())).toList();
    }

    private static void awaitExit(ProcessHandle handle, Duration timeout) {
        handle.onExit().completeOnTimeout(handle, timeout.toMillis(), TimeUnit.MILLISECONDS).join();
    }

    static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
