package dev.idempotency.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A Tomcat distribution (9 by default, or another with {@link Builder#distribution}, 7 say) unpacked
 * into the working directory with one WAR deployed, run as {@code catalina.sh run} so that the JVM
 * is our child process. Layout under the working directory:
 * {@code tomcat/} (CATALINA_HOME and BASE), {@code data/} (the demo's database, via
 * {@code -Ddemo.data.dir}), {@code logs/} (captured output).
 */
public final class StandaloneTomcat extends ForkedService {

    /**
     * With port 0 Tomcat names the connector after the port it bound: {@code http-nio-auto-1-40123}
     * (Tomcat 7's default connector is {@code http-bio-auto-1-40123}).
     */
    private static final Pattern STARTED = Pattern.compile("Starting ProtocolHandler \\[\"http-\\w+-auto-\\d+-(\\d+)\"\\]");

    private final String contextPath;
    private final String healthPath;
    private final Path catalinaHome;
    private final Path war;

    private StandaloneTomcat(Options options, String contextPath, String healthPath, Path war) {
        super(options);
        this.contextPath = contextPath;
        this.healthPath = healthPath;
        this.catalinaHome = options.workDir.resolve("tomcat");
        this.war = war;
    }

    /** The orders WAR under {@code /orders-demo}. */
    public static Builder ordersWar() {
        return builder(Artifacts.ordersWar()).contextPath("orders-demo");
    }

    public static Builder builder(Path war) {
        return new Builder(war);
    }

    @Override
    protected ChildProcess launch(int run) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JAVA_HOME", ServiceJvm.home().toString());
        env.put("CATALINA_HOME", catalinaHome.toString());
        env.put("CATALINA_BASE", catalinaHome.toString());
        env.put("JAVA_OPTS", "");
        // catalina.sh splits CATALINA_OPTS on blanks: fine for temp-dir paths.
        env.put("CATALINA_OPTS", String.join(" ", jvmArgs()) + " -Ddemo.data.dir=" + options.workDir.resolve("data"));
        env.putAll(options.env);
        List<String> command = List.of("/bin/sh", catalinaHome.resolve("bin/catalina.sh").toString(), "run");
        return ChildProcess.start(command, env, options.workDir, logPrefix("tomcat", run));
    }

    @Override
    protected URI awaitReady(ChildProcess process, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String port = process.awaitLine(STARTED, timeout).group(1);
        URI base = URI.create("http://127.0.0.1:" + port + "/" + contextPath);
        // Connectors start after the deployment, but ask the application itself to be sure.
        return awaitHealth(process, base, healthPath, deadline, timeout);
    }

    /**
     * Deletes the WAR and waits until Tomcat has undeployed the application: it no longer answers
     * and its expanded directory is gone (Tomcat deletes it last). Quick with
     * {@link Builder#checkDeploymentsEverySecond()}; Tomcat's own check runs every 10 s.
     */
    public void undeploy(Duration timeout) {
        Path deployed = webapps().resolve(contextPath + ".war");
        try {
            Files.delete(deployed);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + deployed, e);
        }
        Http http = Http.to(baseUri());
        awaitDeployment("undeployed", timeout, () -> !Files.exists(webapps().resolve(contextPath))
                && healthStatus(http, healthPath) == 404);
    }

    /** Puts the WAR back (whole, by a rename) and waits until the application answers {@code /health}. */
    public void deploy(Duration timeout) {
        Path staged = options.workDir.resolve(contextPath + ".war.staged");
        try {
            Files.copy(war, staged, StandardCopyOption.REPLACE_EXISTING);
            Files.move(staged, webapps().resolve(contextPath + ".war"), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot deploy " + war, e);
        }
        Http http = Http.to(baseUri());
        awaitDeployment("deployed", timeout, () -> healthStatus(http, healthPath) == 200);
    }

    private Path webapps() {
        return catalinaHome.resolve("webapps");
    }

    private void awaitDeployment(String state, Duration timeout, BooleanSupplier done) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!done.getAsBoolean()) {
            if (!isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("/" + contextPath + " was not " + state + " within " + timeout
                        + "; Tomcat " + (isAlive() ? "runs" : "exited") + ", output in " + stdoutFile() + " and " + stderrFile());
            }
            ChildProcess.sleep(Duration.ofMillis(100));
        }
    }

    /** The status of the health path, or -1 while nothing answers. */
    private static int healthStatus(Http http, String healthPath) {
        try {
            return http.get(healthPath, Duration.ofSeconds(2)).status();
        } catch (UncheckedIOException e) {
            return -1;
        }
    }

    private static void install(Path zip, Path catalinaHome, Path war, String contextPath,
            boolean checkDeploymentsEverySecond) throws IOException {
        Archives.unzipStrippingTopFolder(zip, catalinaHome);
        try (Stream<Path> scripts = Files.list(catalinaHome.resolve("bin"))) {
            scripts.filter(p -> p.toString().endsWith(".sh")).forEach(p -> p.toFile().setExecutable(true));
        }
        Path serverXml = catalinaHome.resolve("conf/server.xml");
        String config = Files.readString(serverXml, StandardCharsets.UTF_8);
        // Any free HTTP port (no port fixed in advance) and no shutdown port: we stop it by signal.
        String rewritten = replaceOnce(replaceOnce(config, "<Server port=\"8005\"", "<Server port=\"-1\""),
                "<Connector port=\"8080\"", "<Connector port=\"0\"");
        if (checkDeploymentsEverySecond) {
            // The host looks for added and removed WARs in the engine's background process.
            rewritten = replaceOnce(rewritten, "<Engine name=\"Catalina\" defaultHost=\"localhost\">",
                    "<Engine name=\"Catalina\" defaultHost=\"localhost\" backgroundProcessorDelay=\"1\">");
        }
        Files.writeString(serverXml, rewritten, StandardCharsets.UTF_8);
        // The bundled applications (docs, examples, manager, ROOT) only slow the start down.
        Path webapps = catalinaHome.resolve("webapps");
        Archives.deleteTree(webapps);
        Files.createDirectories(webapps);
        Files.copy(war, webapps.resolve(contextPath + ".war"));
    }

    private static String replaceOnce(String text, String target, String replacement) {
        if (!text.contains(target)) {
            throw new IllegalStateException("server.xml has no " + target + "; did the Tomcat distribution change?");
        }
        return text.replace(target, replacement);
    }

    /** Options for one Tomcat with one WAR. */
    public static final class Builder extends ForkedService.Builder<Builder, StandaloneTomcat> {
        private final Path war;
        private Path distribution;
        private String contextPath = "orders-demo";
        private String healthPath = "/health";
        private boolean checkDeploymentsEverySecond;

        private Builder(Path war) {
            this.war = war;
        }

        /** The context path without a leading slash; the WAR is deployed as {@code <contextPath>.war}. */
        public Builder contextPath(String contextPath) {
            this.contextPath = contextPath;
            return this;
        }

        /** The distribution zip to unpack; the Tomcat 9 of {@link Artifacts#tomcatZip()} by default. */
        public Builder distribution(Path zip) {
            this.distribution = zip;
            return this;
        }

        /**
         * Where, below the context path, the application answers 200 once deployed; {@code /health}
         * unless its servlet mapping puts it lower ({@code /api/health}).
         */
        public Builder healthPath(String healthPath) {
            this.healthPath = healthPath;
            return this;
        }

        /**
         * Tomcat looks for added and removed WARs every second instead of every 10 s, so that
         * {@link StandaloneTomcat#deploy} and {@link StandaloneTomcat#undeploy} are quick.
         */
        public Builder checkDeploymentsEverySecond() {
            this.checkDeploymentsEverySecond = true;
            return this;
        }

        @Override
        public StandaloneTomcat start() {
            options.validate();
            StandaloneTomcat tomcat = new StandaloneTomcat(options, contextPath, healthPath, war);
            try {
                install(distribution != null ? distribution : Artifacts.tomcatZip(), tomcat.catalinaHome, war, contextPath, checkDeploymentsEverySecond);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot install Tomcat into " + tomcat.catalinaHome, e);
            }
            tomcat.start();
            return tomcat;
        }
    }
}
