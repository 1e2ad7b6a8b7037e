package dev.idempotency.it.support;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Apache TomEE 8 (Tomcat 9, OpenEJB, Apache CXF 3.5 as its JAX-RS), as TomEE's embedded distribution
 * ({@code legacy-demo/estate/tomee8}: {@code org.apache.tomee.embedded.Main} over TomEE's jars),
 * one WAR deployed under {@code /<contextPath>} on a free port, the agent attached by
 * {@code -javaagent} alone. {@code close()} kills the JVM.
 */
public final class TomEe extends ForkedService {

    private final Path war;
    private final String contextPath;
    private final String applicationPath;
    private int port;

    private TomEe(Options options, Path war, String contextPath, String applicationPath) {
        super(options);
        this.war = war;
        this.contextPath = contextPath;
        this.applicationPath = applicationPath;
    }

    /** {@code war} under {@code /<contextPath>}; its application answers {@code /health} below {@code applicationPath}. */
    public static Builder builder(Path war, String contextPath, String applicationPath) {
        return new Builder(war, contextPath, applicationPath);
    }

    @Override
    protected ChildProcess launch(int run) {
        port = Ports.free();
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(jvmArgs());
        command.addAll(List.of("-jar", Artifacts.estateTomee8Jar().toString(),
                "--path", war.toString(), "--context", contextPath,
                "--port", Integer.toString(port), "--shutdown", "-1"));
        return ChildProcess.start(command, options.env, options.workDir, logPrefix("tomee", run));
    }

    @Override
    protected URI awaitReady(ChildProcess process, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        URI base = URI.create("http://127.0.0.1:" + port + "/" + contextPath);
        awaitHealth(process, URI.create(base + applicationPath), deadline, timeout);
        return base;
    }

    /** Options for one TomEE with one WAR. */
    public static final class Builder extends ForkedService.Builder<Builder, TomEe> {
        private final Path war;
        private final String contextPath;
        private final String applicationPath;

        private Builder(Path war, String contextPath, String applicationPath) {
            this.war = war;
            this.contextPath = contextPath;
            this.applicationPath = applicationPath;
            startTimeout(Duration.ofSeconds(90));
        }

        @Override
        public TomEe start() {
            options.validate();
            TomEe tomee = new TomEe(options, war, contextPath, applicationPath);
            tomee.start();
            return tomee;
        }
    }
}
