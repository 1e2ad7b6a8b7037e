package dev.idempotency.it.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shaded agent jar, attached to a plain JVM: start-up line, config errors, packaging. */
class AgentJarTest {

    private static final Path AGENT_JAR = Path.of(System.getProperty("idempotency.agent.jar"));

    @TempDir
    Path dir;

    @Test
    void plainProgramRunsAndTheStartupLineNamesEndpointsAndStore() throws Exception {
        Path config = write("agent.yaml", ""
                + "endpoints:\n"
                + "  - method: POST\n"
                + "    path: /orders\n"
                + "  - method: POST\n"
                + "    path: /orders/{id}/payments\n"
                + "    scope: header:X-Merchant-Id\n");

        ProgramRun run = runWithAgent("config=" + config, null);

        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("hello from a plain program");
        assertThat(run.stderr()).contains(": 2 endpoints declared in " + config.toAbsolutePath().normalize() + ", store mvstore");
        assertThat(run.stderr()).as("on any Java: no sun.misc.Unsafe, no bootstrap search path for class sharing to refuse")
                .doesNotContain("sun.misc.Unsafe").doesNotContain("Sharing is only supported").doesNotContain("WARNING");
        assertThat(run.stdout()).contains("java " + Runtime.version().feature());
    }

    @Test
    void environmentVariableIsTheFallbackForTheConfigLocation() throws Exception {
        Path config = write("agent.yaml", "endpoints:\n  - method: POST\n    path: /orders\n");

        ProgramRun run = runWithAgent(null, config);

        assertThat(run.exitCode()).isZero();
        assertThat(run.stderr()).contains(": 1 endpoint declared in " + config.toAbsolutePath().normalize() + ", store mvstore");
    }

    @Test
    void endpointsNoInstrumentedEntryPointServesAreReportedOnceTheCheckIsDue() throws Exception {
        Path config = write("agent.yaml", ""
                + "protection-check-after: 1s\n"
                + "endpoints:\n"
                + "  - method: POST\n"
                + "    path: /orders\n"
                + "  - name: pay\n"
                + "    method: POST\n"
                + "    path: /orders/{id}/payments\n");

        ProgramRun run = runWithAgent("config=" + config, null, IdleProgram.class, System.getProperty("java.class.path"), "4");

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("idle program done");
        List<String> warnings = run.stderr().lines().filter(line -> line.contains("WARNING")).toList();
        assertThat(warnings).hasSize(2);
        assertThat(warnings.get(0)).contains("POST /orders: no instrumented entry point serves it 1s after start",
                "UNPROTECTED", "the application has loaded no servlet, filter or JAX-RS runtime class", "Fix:");
        assertThat(warnings.get(1)).contains("pay POST /orders/{id}/payments: no instrumented entry point");
    }

    @Test
    void brokenConfigStopsTheJvmWithExitOneAndNamesFileAndField() throws Exception {
        Path config = write("broken.yaml", ""
                + "endpoints:\n"
                + "  - method: POST\n"
                + "    path: /orders\n"
                + "    ttl: 24 hours\n");

        ProgramRun run = runWithAgent("config=" + config, null);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stdout()).doesNotContain("hello from a plain program");
        assertThat(run.stderr()).contains("broken.yaml").contains("endpoints[0].ttl").contains("24 hours");
    }

    @Test
    void brokenConfigWithDisableRunsTheProgramUnprotectedAndWarns() throws Exception {
        Path config = write("broken.yaml", ""
                + "on-config-error: disable\n"
                + "endpoints:\n"
                + "  - method: POST\n"
                + "    path: /orders\n"
                + "    tll: 24h\n");

        ProgramRun run = runWithAgent("config=" + config, null);

        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).contains("hello from a plain program");
        assertThat(run.stderr()).contains("WARNING").contains("UNPROTECTED").contains("endpoints[0].tll");
    }

    @Test
    void missingConfigLocationIsAClearRefusal() throws Exception {
        ProgramRun run = runWithAgent(null, null);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.stderr()).contains("config=").contains("IDEMPOTENCY_AGENT_CONFIG");
    }

    @Test
    void manifestDeclaresTheLauncherAsEveryEntryPoint() throws IOException {
        try (JarFile jar = new JarFile(AGENT_JAR.toFile())) {
            var attributes = jar.getManifest().getMainAttributes();
            assertThat(attributes.getValue("Premain-Class")).isEqualTo("dev.idempotency.agent.launcher.AgentLauncher");
            assertThat(attributes.getValue("Agent-Class")).isEqualTo("dev.idempotency.agent.launcher.AgentLauncher");
            assertThat(attributes.getValue("Main-Class")).isEqualTo("dev.idempotency.agent.launcher.CommandLineLauncher");
            assertThat(attributes.getValue("Can-Retransform-Classes")).isEqualTo("true");
        }
    }

    /**
     * The application's loaders see the jar's root: there is nothing there but the manifest and
     * the launcher. Everything else sits under {@code inst/}, classes as {@code .classdata}, so no
     * class, service file or resource of the agent can be found by name.
     */
    @Test
    void onlyTheLauncherIsVisibleAtTheRootAndEverythingElseIsTheAgentsOwn() throws IOException {
        List<String> atRoot = new ArrayList<>();
        List<String> foreign = new ArrayList<>();
        List<String> nested = new ArrayList<>();
        try (JarFile jar = new JarFile(AGENT_JAR.toFile())) {
            jar.stream().map(JarEntry::getName).filter(name -> !name.endsWith("/")).forEach(name -> {
                if (!name.startsWith("inst/")) {
                    atRoot.add(name);
                } else if (name.endsWith(".class")) {
                    foreign.add(name + " (a class file the application loader could read)");
                } else if (name.endsWith(".classdata") && !name.startsWith("inst/dev/idempotency/agent/")) {
                    foreign.add(name);
                } else if (name.startsWith("inst/META-INF/idempotency/") && name.endsWith(".jar")) {
                    nested.add(name);
                }
            });
            for (String name : nested) {
                try (JarInputStream in = new JarInputStream(jar.getInputStream(jar.getEntry(name)))) {
                    for (JarEntry entry = in.getNextJarEntry(); entry != null; entry = in.getNextJarEntry()) {
                        if (entry.getName().endsWith(".class") && !entry.getName().startsWith("dev/idempotency/agent/")) {
                            foreign.add(name + "!/" + entry.getName());
                        }
                    }
                }
            }
        }
        assertThat(atRoot).allMatch(name -> name.equals("META-INF/MANIFEST.MF")
                || name.startsWith("dev/idempotency/agent/launcher/") && name.endsWith(".class"), "manifest or launcher");
        assertThat(atRoot).contains("dev/idempotency/agent/launcher/AgentLauncher.class");
        assertThat(nested).contains("inst/META-INF/idempotency/bootstrap.jar",
                "inst/META-INF/idempotency/servlet-javax.jar", "inst/META-INF/idempotency/servlet-jakarta.jar",
                "inst/META-INF/idempotency/jaxrs-jersey-javax.jar", "inst/META-INF/idempotency/jaxrs-jersey-jakarta.jar",
                "inst/META-INF/idempotency/jaxrs-resteasy-jakarta.jar", "inst/META-INF/idempotency/jaxrs-resteasy4-javax.jar",
                "inst/META-INF/idempotency/jaxrs-resteasy3-javax.jar",
                "inst/META-INF/idempotency/client-apache-httpclient4.jar",
                "inst/META-INF/idempotency/client-apache-httpclient5.jar", "inst/META-INF/idempotency/client-okhttp3.jar",
                "inst/META-INF/idempotency/client-spring-webclient.jar", "inst/META-INF/idempotency/client-spring-web.jar");
        assertThat(foreign).isEmpty();
    }

    @Test
    void anApplicationsOwnJdbcDriversAreTheOnlyOnesItSeesAndNothingOfTheAgentIsFound() throws Exception {
        // The SQL store, whose H2 driver is the agent's own, beside the application's H2 driver of another version.
        Path config = write("agent.yaml", "endpoints:\n  - method: POST\n    path: /orders\n"
                + "store:\n  url: jdbc:h2:file:./idempotency-store/agent\n");

        ProgramRun run = runWithAgent("config=" + config, null, DriverProgram.class, applicationWithItsOwnDrivers());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains(": 1 endpoint declared in ");
        assertThat(run.stdout()).contains("registered org.h2.Driver", "registered org.postgresql.Driver",
                "service org.h2.Driver", "service org.postgresql.Driver",
                "connection org.h2.jdbc.JdbcConnection 2.3.232", "agent classes: not visible");
        assertThat(run.stdout().lines().filter(line -> line.startsWith("registered ") || line.startsWith("service ")))
                .as("the application's two drivers, each once").hasSize(4);
        assertThat(run.stdout()).as("no resource of the agent's").contains("resource ")
                .doesNotContain(AGENT_JAR.getFileName().toString());
        assertThat(run.stdout()).doesNotContain("dev.idempotency.agent.");
    }

    /** This test's classes and the two drivers copied for it; nothing else of the build's class path. */
    private static String applicationWithItsOwnDrivers() throws IOException {
        Path drivers = Path.of(System.getProperty("application.drivers"));
        Path testClasses = Path.of(DriverProgram.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        List<String> entries = new ArrayList<>();
        entries.add(testClasses.toString());
        try (var jars = Files.list(drivers)) {
            jars.filter(jar -> jar.toString().endsWith(".jar")).map(Path::toString).sorted().forEach(entries::add);
        }
        assertThat(entries).hasSize(3);
        return String.join(java.io.File.pathSeparator, entries);
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    private ProgramRun runWithAgent(String agentArgs, Path configFromEnv) throws Exception {
        return runWithAgent(agentArgs, configFromEnv, HelloProgram.class, System.getProperty("java.class.path"));
    }

    private ProgramRun runWithAgent(String agentArgs, Path configFromEnv, Class<?> program, String classPath,
            String... programArgs) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String agent = "-javaagent:" + AGENT_JAR + (agentArgs == null ? "" : "=" + agentArgs);
        List<String> command = new ArrayList<>(List.of(java, agent, "-cp", classPath, program.getName()));
        command.addAll(List.of(programArgs));
        return ProgramRun.of(command, dir,
                configFromEnv == null ? Map.of() : Map.of("IDEMPOTENCY_AGENT_CONFIG", configFromEnv.toString()));
    }

}
