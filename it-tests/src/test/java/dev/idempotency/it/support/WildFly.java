package dev.idempotency.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * A WildFly distribution unpacked into {@code wildfly/} of the working directory, one WAR in
 * {@code standalone/deployments}, started as {@code standalone.sh} starts it, but as our own child
 * JVM ({@code java ... -jar jboss-modules.jar -mp modules org.jboss.as.standalone}). The JVM gets
 * what {@code standalone.sh} gives it on a modular JDK (heap, IPv4, headless, the JDK packages
 * WildFly opens) and the agent's {@code -javaagent}; no other system property, in particular no
 * {@code jboss.modules.system.pkgs}. Every socket of the standard binding group moves by one random
 * port offset onto free ports. The console log is stdout; {@code close()} kills the JVM and deletes
 * the installation.
 */
public final class WildFly extends ForkedService {

    /** The ports of {@code standalone.xml}: http, https, ajp, management http and https, the transaction manager's two. */
    private static final int HTTP = 8080;
    private static final int[] BASE_PORTS = {HTTP, 8443, 8009, 9990, 9993, 4712, 4713};
    /** {@code WFLYSRV0025: WildFly ... started in 5123ms}, or {@code WFLYSRV0026: ... started (with errors)}. */
    private static final Pattern BOOTED = Pattern.compile("WFLYSRV002([56]): ");

    private final String contextPath;
    private final String applicationPath;
    private final Path home;
    private int portOffset;

    private WildFly(Options options, String contextPath, String applicationPath) {
        super(options);
        this.contextPath = contextPath;
        this.applicationPath = applicationPath;
        this.home = options.workDir.resolve("wildfly");
    }

    /** The Jakarta EE orders WAR under {@code /orders-ee}, in WildFly 37. */
    public static Builder ordersEe() {
        return builder(Artifacts.ordersEeWar(), "orders-ee");
    }

    /** {@code war} under {@code /<contextPath>}, in WildFly 37 unless {@link Builder#distribution} says otherwise. */
    public static Builder builder(Path war, String contextPath) {
        return new Builder(war, contextPath);
    }

    /** {@code standalone/log/server.log}: the same records as the console, kept across restarts. */
    public Path serverLog() {
        return home.resolve("standalone/log/server.log");
    }

    @Override
    protected ChildProcess launch(int run) {
        portOffset = Ports.freeOffset(BASE_PORTS);
        Path base = home.resolve("standalone");
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.add("-D[Standalone]");
        command.addAll(List.of("-Xms64m", "-Xmx512m", "-Djava.net.preferIPv4Stack=true", "-Djava.awt.headless=true"));
        if (ServiceJvm.feature() > 8) { // as bin/standalone.sh: Java 8 has no modules to open, and refuses the options
            command.addAll(MODULAR_JVM_OPTIONS);
        }
        command.addAll(jvmArgs());
        command.add("-Dorg.jboss.boot.log.file=" + base.resolve("log/server.log"));
        command.add("-Dlogging.configuration=file:" + base.resolve("configuration/logging.properties"));
        command.addAll(List.of("-jar", home.resolve("jboss-modules.jar").toString(),
                "-mp", home.resolve("modules").toString(),
                "org.jboss.as.standalone",
                "-Djboss.home.dir=" + home,
                "-Djboss.server.base.dir=" + base,
                "-Djboss.socket.binding.port-offset=" + portOffset));
        return ChildProcess.start(command, options.env, options.workDir, logPrefix("wildfly", run));
    }

    @Override
    protected URI awaitReady(ChildProcess process, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        MatchResult booted = process.awaitLine(BOOTED, timeout);
        if (booted.group(1).equals("6")) {
            throw new IllegalStateException("WildFly started with errors (the deployment failed?)" + process.tails());
        }
        URI base = URI.create("http://127.0.0.1:" + (HTTP + portOffset) + "/" + contextPath);
        awaitHealth(process, URI.create(base + applicationPath), deadline, timeout);
        return base;
    }

    /** Kills the JVM and deletes the installation (the working directory itself is the caller's). */
    @Override
    public void close() {
        super.close();
        deleteInstallation(home);
    }

    private static void install(Path zip, Path home, Path war, String contextPath) throws IOException {
        Archives.unzipStrippingTopFolder(zip, home);
        Path deployments = home.resolve("standalone/deployments");
        Files.createDirectories(deployments);
        Files.copy(war, deployments.resolve(contextPath + ".war"));
    }

    /**
     * {@code DEFAULT_MODULAR_JVM_OPTIONS} of WildFly 37's {@code bin/common.sh}; older releases
     * (26) give a subset, and the extra exports and opens change nothing for them.
     */
    private static final List<String> MODULAR_JVM_OPTIONS = List.of(
            "--add-exports=java.desktop/sun.awt=ALL-UNNAMED",
            "--add-exports=java.naming/com.sun.jndi.ldap=ALL-UNNAMED",
            "--add-exports=java.naming/com.sun.jndi.url.ldap=ALL-UNNAMED",
            "--add-exports=java.naming/com.sun.jndi.url.ldaps=ALL-UNNAMED",
            "--add-exports=jdk.naming.dns/com.sun.jndi.dns=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.security=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.management/javax.management=ALL-UNNAMED",
            "--add-opens=java.naming/javax.naming=ALL-UNNAMED");

    /** Options for one WildFly with one WAR. */
    public static final class Builder extends ForkedService.Builder<Builder, WildFly> {
        private final Path war;
        private final String contextPath;
        private Path distribution;
        private String applicationPath = "";

        private Builder(Path war, String contextPath) {
            this.war = war;
            this.contextPath = contextPath;
            startTimeout(Duration.ofSeconds(150));
        }

        /**
         * The distribution zip to unpack; the WildFly 37 of {@link Artifacts#wildflyZip()} by default.
         * Any release whose {@code standalone.sh} starts {@code org.jboss.as.standalone} the same way
         * (26 and later).
         */
        public Builder distribution(Path zip) {
            this.distribution = zip;
            return this;
        }

        /**
         * Where the application answers {@code /health} below the context path, {@code "/api"} for
         * {@code @ApplicationPath("api")}; the base URI stays the context path.
         */
        public Builder applicationPath(String applicationPath) {
            this.applicationPath = applicationPath;
            return this;
        }

        @Override
        public WildFly start() {
            options.validate();
            WildFly wildFly = new WildFly(options, contextPath, applicationPath);
            try {
                install(distribution != null ? distribution : Artifacts.wildflyZip(), wildFly.home, war, contextPath);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot install WildFly into " + wildFly.home, e);
            }
            wildFly.start();
            return wildFly;
        }
    }
}
