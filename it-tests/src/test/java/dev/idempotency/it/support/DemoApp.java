package dev.idempotency.it.support;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A runnable demo jar: {@code java [-javaagent:...] [jvm args] -jar <demo.jar> 0} in the working
 * directory, ready when it prints {@code listening on <port>} (or the line given to
 * {@link Builder#readyLine}).
 *
 * <pre>
 * try (DemoApp app = DemoApp.servletJavax().workDir(tempDir).agentConfig(config).start()) {
 *     Http.to(app.baseUri()).postJson("/orders", json, "Idempotency-Key", key);
 * }
 * </pre>
 */
public final class DemoApp extends ForkedService {

    private static final Pattern LISTENING = Pattern.compile("^listening on (\\d+)$");

    private final Path jar;
    private final Pattern readyLine;

    private DemoApp(Path jar, Pattern readyLine, Options options) {
        super(options);
        this.jar = jar;
        this.readyLine = readyLine;
    }

    public static Builder builder(Path jar) {
        return new Builder(jar);
    }

    /** The javax servlets on embedded Tomcat 9. */
    public static Builder servletJavax() {
        return builder(Artifacts.servletJavaxJar());
    }

    /**
     * One service of the downstream demo: {@code payments}, or {@code orders} calling the payments
     * service at {@code payments} (its base URI; {@code null} for payments itself).
     */
    public static Builder chain(String role, URI payments) {
        Builder builder = builder(Artifacts.chainServletJavaxJar()).jvmArg("-Ddemo.role=" + role);
        return payments == null ? builder : builder.jvmArg("-Ddemo.payments=" + payments);
    }

    /** Orders calling {@code payments} with Spring 6's RestClient and WebClient, on embedded Jetty 12. */
    public static Builder chainSpring6(URI payments) {
        return builder(Artifacts.chainSpring6JakartaJar()).jvmArg("-Ddemo.payments=" + payments);
    }

    /** The jakarta servlets on embedded Jetty 12. */
    public static Builder servletJakarta() {
        return builder(Artifacts.servletJakartaJar());
    }

    /** JAX-RS on Jersey 2 and the JDK HTTP server. */
    public static Builder jaxrsJavax() {
        return builder(Artifacts.jaxrsJavaxJar());
    }

    /** The same JAX-RS resources in Jersey's servlet on embedded Tomcat 9. */
    public static Builder jaxrsJavaxInTomcat() {
        return builder(Artifacts.jaxrsJavaxJar()).jvmArg("-Ddemo.server=tomcat");
    }

    /** JAX-RS on RESTEasy 6.2 and Netty 4. */
    public static Builder jaxrsJakarta() {
        return builder(Artifacts.jaxrsJakartaJar());
    }

    /** The same jakarta resources on Jersey 4 and Grizzly. */
    public static Builder jaxrsJerseyJakarta() {
        return builder(Artifacts.jaxrsJerseyJakartaJar());
    }

    @Override
    protected ChildProcess launch(int run) {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(jvmArgs());
        command.addAll(List.of("-jar", jar.toString(), "0"));
        return ChildProcess.start(command, options.env, options.workDir, logPrefix("demo", run));
    }

    @Override
    protected URI awaitReady(ChildProcess process, Duration timeout) {
        String port = process.awaitLine(readyLine, timeout).group(1);
        return URI.create("http://127.0.0.1:" + port);
    }

    /** Options for one demo jar. */
    public static final class Builder extends ForkedService.Builder<Builder, DemoApp> {
        private final Path jar;
        private Pattern readyLine = LISTENING;

        private Builder(Path jar) {
            this.jar = jar;
        }

        /** The line that says the jar serves, its group 1 the bound port (a framework's own start-up line, say). */
        public Builder readyLine(Pattern readyLine) {
            this.readyLine = readyLine;
            return this;
        }

        @Override
        public DemoApp start() {
            options.validate();
            DemoApp app = new DemoApp(jar, readyLine, options);
            app.start();
            return app;
        }
    }
}
