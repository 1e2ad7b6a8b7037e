package dev.idempotency.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Payara Micro with one WAR: {@code java [-javaagent:...] -jar payara-micro.jar --deploy <war> --port <free>}
 * as our child JVM. {@code --nohazelcast} keeps the data grid off: with only {@code --nocluster}
 * Hazelcast still starts and listens on port 6900 of every interface. The HTTP port, on every
 * interface, is then the only one it listens on. The runtime unpacks itself into {@code payara/} of
 * the working directory ({@code --rootdir}, {@code --unpackdir}), which {@code close()} deletes
 * after killing the JVM. The log is stderr.
 */
public final class PayaraMicro extends ForkedService {

    /** {@code Payara Micro 6.2025.10 (build 42) ready in 9,369 (ms)}. */
    private static final Pattern READY = Pattern.compile("Payara Micro .* ready in ");

    private final Path war;
    private final String contextPath;
    private final Path root;
    private int port;

    private PayaraMicro(Options options, Path war, String contextPath) {
        super(options);
        this.war = war;
        this.contextPath = contextPath;
        this.root = options.workDir.resolve("payara");
    }

    /** The Jakarta EE orders WAR under {@code /orders-ee}. */
    public static Builder ordersEe() {
        return new Builder(Artifacts.ordersEeWar(), "orders-ee");
    }

    @Override
    protected ChildProcess launch(int run) {
        port = Ports.free();
        try {
            Files.createDirectories(root.resolve("root")); // Payara refuses a --rootdir that does not exist
            Files.createDirectories(root.resolve("runtime"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(jvmArgs());
        command.addAll(List.of("-jar", Artifacts.payaraMicroJar().toString(),
                "--deploy", war.toString(),
                "--contextroot", contextPath,
                "--port", String.valueOf(port),
                "--nohazelcast",
                "--disablephonehome",
                "--rootdir", root.resolve("root").toString(),
                "--unpackdir", root.resolve("runtime").toString()));
        return ChildProcess.start(command, options.env, options.workDir, logPrefix("payara", run));
    }

    @Override
    protected URI awaitReady(ChildProcess process, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        process.awaitLine(READY, timeout);
        return awaitHealth(process, URI.create("http://127.0.0.1:" + port + "/" + contextPath), deadline, timeout);
    }

    /** Kills the JVM and deletes the unpacked runtime (the working directory itself is the caller's). */
    @Override
    public void close() {
        super.close();
        try {
            Archives.deleteTree(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }

    /** Options for one Payara Micro with one WAR. */
    public static final class Builder extends ForkedService.Builder<Builder, PayaraMicro> {
        private final Path war;
        private final String contextPath;

        private Builder(Path war, String contextPath) {
            this.war = war;
            this.contextPath = contextPath;
            startTimeout(Duration.ofSeconds(150));
        }

        @Override
        public PayaraMicro start() {
            options.validate();
            PayaraMicro payara = new PayaraMicro(options, war, contextPath);
            payara.start();
            return payara;
        }
    }
}
