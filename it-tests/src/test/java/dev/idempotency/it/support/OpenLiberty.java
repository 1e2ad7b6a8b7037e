package dev.idempotency.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Open Liberty (the {@code openliberty-runtime} zip, every feature) unpacked into {@code wlp/} of
 * the working directory, one server with the features given and one WAR, started as an operator
 * starts it: {@code bin/server run}, which execs the JVM (so the process is the server's), with
 * {@code JAVA_HOME} the service JVM and the agent's {@code -javaagent} as the one line of the
 * server's {@code jvm.options}. The HTTP port is free and given in {@code bootstrap.properties};
 * {@code close()} kills the JVM and deletes the installation.
 */
public final class OpenLiberty extends ForkedService {

    private static final String SERVER = "estate";
    /** {@code CWWKF0011I: The estate server is ready to run a smarter planet.} */
    private static final Pattern READY = Pattern.compile("CWWKF0011I: ");

    private final Path war;
    private final String contextPath;
    private final String applicationPath;
    private final List<String> features;
    private final Path home;
    private int port;

    private OpenLiberty(Options options, Path war, String contextPath, String applicationPath, List<String> features) {
        super(options);
        this.war = war;
        this.contextPath = contextPath;
        this.applicationPath = applicationPath;
        this.features = features;
        this.home = options.workDir.resolve("wlp");
    }

    /** {@code war} under {@code /<contextPath>}; its application answers {@code /health} below {@code applicationPath}. */
    public static Builder builder(Path war, String contextPath, String applicationPath) {
        return new Builder(war, contextPath, applicationPath);
    }

    @Override
    protected ChildProcess launch(int run) {
        port = Ports.free();
        Path server = home.resolve("usr/servers").resolve(SERVER);
        try {
            Files.createDirectories(server.resolve("apps"));
            Files.copy(war, server.resolve("apps").resolve(contextPath + ".war"), StandardCopyOption.REPLACE_EXISTING);
            StringBuilder featureList = new StringBuilder();
            features.forEach(feature -> featureList.append("    <feature>").append(feature).append("</feature>\n"));
            Files.writeString(server.resolve("server.xml"), """
                    <server>
                      <featureManager>
                    %s  </featureManager>
                      <httpEndpoint id="defaultHttpEndpoint" host="127.0.0.1" httpPort="${http.port}" httpsPort="-1"/>
                      <webApplication location="%s.war" contextRoot="/%s"/>
                    </server>
                    """.formatted(featureList, contextPath, contextPath));
            Files.writeString(server.resolve("bootstrap.properties"), "http.port=" + port + "\n");
            Files.write(server.resolve("jvm.options"), jvmArgs());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the Liberty server " + server, e);
        }
        Map<String, String> env = new LinkedHashMap<>(options.env);
        env.put("JAVA_HOME", ServiceJvm.home().toString());
        // bash: the zip keeps no file modes, and the script execs the JVM, so the process is the server
        return ChildProcess.start(List.of("bash", home.resolve("bin/server").toString(), "run", SERVER), env,
                options.workDir, logPrefix("liberty", run));
    }

    @Override
    protected URI awaitReady(ChildProcess process, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        process.awaitLine(READY, timeout);
        URI base = URI.create("http://127.0.0.1:" + port + "/" + contextPath);
        awaitHealth(process, URI.create(base + applicationPath), deadline, timeout);
        return base;
    }

    /** Kills the JVM and deletes the installation (the working directory itself is the caller's). */
    @Override
    public void close() {
        super.close();
        deleteInstallation(home);
    }

    /** Options for one Liberty server with one WAR. */
    public static final class Builder extends ForkedService.Builder<Builder, OpenLiberty> {
        private final Path war;
        private final String contextPath;
        private final String applicationPath;
        private List<String> features = List.of("jaxrs-2.1");

        private Builder(Path war, String contextPath, String applicationPath) {
            this.war = war;
            this.contextPath = contextPath;
            this.applicationPath = applicationPath;
            startTimeout(Duration.ofSeconds(120));
        }

        /** The server's features; {@code jaxrs-2.1} (Java EE 8's JAX-RS, on Apache CXF, with Servlet 4.0) by default. */
        public Builder features(String... features) {
            this.features = List.of(features);
            return this;
        }

        @Override
        public OpenLiberty start() {
            options.validate();
            Path home = options.workDir.resolve("wlp");
            try {
                if (!Files.isDirectory(home)) {
                    Archives.unzipStrippingTopFolder(Artifacts.openLibertyZip(), home);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot unpack Open Liberty into " + home, e);
            }
            OpenLiberty liberty = new OpenLiberty(options, war, contextPath, applicationPath, features);
            liberty.start();
            return liberty;
        }
    }
}
