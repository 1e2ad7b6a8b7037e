package dev.idempotency.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * A demo service running in its own JVM, optionally with the agent attached: start, wait until it
 * serves, kill or stop, restart in the same working directory (so its databases survive).
 * Subclasses say how to launch it and how to tell that it is ready.
 */
public abstract class ForkedService implements AutoCloseable {

    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    protected final Options options;
    private ChildProcess process;
    private URI baseUri;
    private int run;

    protected ForkedService(Options options) {
        this.options = options;
    }

    /** Starts the process of run number {@code run} (1, 2, ... across restarts). */
    protected abstract ChildProcess launch(int run);

    /** Blocks until the freshly launched process serves; returns its base URI (context path included). */
    protected abstract URI awaitReady(ChildProcess process, Duration timeout);

    /** Starts (or starts again) and waits, bounded by the start timeout. */
    protected final void start() {
        run++;
        process = launch(run);
        try {
            baseUri = awaitReady(process, options.startTimeout);
        } catch (RuntimeException e) {
            process.kill();
            throw e;
        }
    }

    /** {@code http://127.0.0.1:<port><context path>}, without a trailing slash; changes on restart. */
    public URI baseUri() {
        return baseUri;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The working directory (the demo's {@code ./data} lives here). */
    public Path workDir() {
        return options.workDir;
    }

    /** Stdout lines of the current run. */
    public List<String> stdout() {
        return process.stdout().lines();
    }

    /** Stderr lines of the current run. */
    public List<String> stderr() {
        return process.stderr().lines();
    }

    public Path stdoutFile() {
        return process.stdout().file();
    }

    public Path stderrFile() {
        return process.stderr().file();
    }

    /** Waits for a line of the current run (stdout or stderr) that contains a match. */
    public MatchResult awaitLine(Pattern pattern, Duration timeout) {
        return process.awaitLine(pattern, timeout);
    }

    /** SIGKILL, as a crash: no shutdown hooks, no flush. */
    public void kill() {
        process.kill();
    }

    /** SIGTERM and wait (shutdown hooks run); SIGKILL if it does not exit in time. */
    public void stop() {
        process.stop(STOP_GRACE);
    }

    /** Stops if still running, then starts again in the same working directory; the port changes. */
    public void restart() {
        if (process.isAlive()) {
            stop();
        }
        start();
    }

    /** Kills the process tree; safe to call twice. */
    @Override
    public void close() {
        if (process != null) {
            process.kill();
        }
    }

    /** The JVM arguments that attach the agent, if configured, followed by the extra ones. */
    protected List<String> jvmArgs() {
        List<String> args = new ArrayList<>();
        if (options.agentArgs != null) {
            args.add("-javaagent:" + Artifacts.agentJar() + (options.agentArgs.isEmpty() ? "" : "=" + options.agentArgs));
        }
        args.addAll(options.jvmArgs);
        return args;
    }

    /**
     * Polls {@code <base>/health} until it answers 200: a server's "started" line may come before
     * the application serves. Fails when the process dies or at {@code deadline} (a {@link System#nanoTime()}).
     */
    protected static URI awaitHealth(ChildProcess process, URI base, long deadline, Duration timeout) {
        return awaitHealth(process, base, "/health", deadline, timeout);
    }

    /** As {@link #awaitHealth(ChildProcess, URI, long, Duration)}, for an application that answers at {@code <base><healthPath>}. */
    protected static URI awaitHealth(ChildProcess process, URI base, String healthPath, long deadline, Duration timeout) {
        Http http = Http.to(base);
        while (true) {
            try {
                if (http.get(healthPath, Duration.ofSeconds(2)).status() == 200) {
                    return base;
                }
            } catch (UncheckedIOException e) {
                // not answering yet
            }
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException(base + healthPath + " did not answer 200 within " + timeout + process.tails());
            }
            ChildProcess.sleep(Duration.ofMillis(100));
        }
    }

    /** Deletes a server unpacked below the working directory, once its JVM is gone. */
    protected static void deleteInstallation(Path home) {
        try {
            Archives.deleteTree(home);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + home, e);
        }
    }

    protected Path logPrefix(String name, int run) {
        return options.workDir.resolve("logs").resolve(name + "-" + run);
    }

    protected static String javaExecutable() {
        return ServiceJvm.java();
    }

    /** What every forked service accepts; subclasses' builders extend it. */
    public static class Options {
        Path workDir;
        String agentArgs;
        final List<String> jvmArgs = new ArrayList<>();
        final Map<String, String> env = new LinkedHashMap<>();
        Duration startTimeout = Duration.ofSeconds(60);

        void validate() {
            if (workDir == null) {
                throw new IllegalStateException("workDir is required (use a @TempDir): it holds the demo's databases and logs");
            }
            try {
                Files.createDirectories(workDir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Fluent setters shared by {@link DemoApp.Builder} and {@link StandaloneTomcat.Builder}. */
    @SuppressWarnings("unchecked")
    public abstract static class Builder<B extends Builder<B, S>, S extends ForkedService> {
        protected final Options options = new Options();

        /** The working directory; restarts reuse it. Required. */
        public B workDir(Path workDir) {
            options.workDir = workDir.toAbsolutePath();
            return (B) this;
        }

        /** Attaches the agent with {@code =config=<file>}. */
        public B agentConfig(Path config) {
            return agentArgs("config=" + config.toAbsolutePath());
        }

        /** Attaches the agent with these raw agent arguments ("" for none). */
        public B agentArgs(String agentArgs) {
            options.agentArgs = agentArgs;
            return (B) this;
        }

        public B jvmArg(String... args) {
            options.jvmArgs.addAll(List.of(args));
            return (B) this;
        }

        public B env(String name, String value) {
            options.env.put(name, value);
            return (B) this;
        }

        public B startTimeout(Duration timeout) {
            options.startTimeout = timeout;
            return (B) this;
        }

        /** Starts the service and waits until it serves. */
        public abstract S start();
    }
}
