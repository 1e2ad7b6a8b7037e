package dev.idempotency.it.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A bundle's class loader finds the agent's bridge in real OSGi frameworks (Apache Felix, as in
 * GlassFish and Payara Server; Eclipse Equinox, as in Open Liberty) with their default
 * configuration, no {@code org.osgi.framework.bootdelegation} set: the agent teaches their bundle
 * loaders to take the bridge's package from the bootstrap loader, and nothing else of the agent.
 * Without the agent the same bundle finds no bridge, so the lookup is the agent's doing.
 */
class OsgiBootDelegationTest {

    private static final Path AGENT_JAR = Path.of(System.getProperty("idempotency.agent.jar"));
    private static final Path FRAMEWORKS = Path.of(System.getProperty("osgi.frameworks"));

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"felix", "equinox"})
    void aBundleFindsTheBridgeInTheBootstrapLoaderAndNothingElseOfTheAgent(String framework) throws Exception {
        Path config = Files.writeString(dir.resolve("agent.yaml"), "endpoints:\n  - method: POST\n    path: /orders\n");

        ProgramRun run = run(framework, "-javaagent:" + AGENT_JAR + "=config=" + config);

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).as(run.stderr()).contains(
                "probe loaded by a bundle's loader: true",
                "bridge: from the bootstrap loader",
                "agent internals: not found (ClassNotFoundException)");
        assertThat(run.stderr()).contains(": 1 endpoint declared in ");
        // Felix itself calls sun.misc.Unsafe, which Java 24 and later warn of; the agent warns of nothing.
        assertThat(run.stderr().lines().filter(line -> line.contains("idempotency")))
                .noneMatch(line -> line.contains("WARNING") || line.contains("ERROR"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"felix", "equinox"})
    void withoutTheAgentTheSameBundleFindsNoBridge(String framework) throws Exception {
        ProgramRun run = run(framework, null);

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).as(run.stderr()).contains(
                "probe loaded by a bundle's loader: true",
                "bridge: not found (ClassNotFoundException)");
    }

    private ProgramRun run(String framework, String agentOption) throws Exception {
        Path frameworkJar = FRAMEWORKS.resolve(framework + ".jar");
        assertThat(frameworkJar).exists();
        Path testClasses = Path.of(OsgiProgram.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java));
        if (agentOption != null) {
            command.add(agentOption);
        }
        command.addAll(List.of("-cp", testClasses + File.pathSeparator + frameworkJar,
                OsgiProgram.class.getName(), probeBundle().toString(), dir.resolve("framework-storage").toString()));
        return ProgramRun.of(command, dir, Map.of());
    }

    /** A bundle of one class, {@link BridgeProbe}, that imports no package. */
    private Path probeBundle() throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.putValue("Bundle-ManifestVersion", "2");
        main.putValue("Bundle-SymbolicName", "dev.idempotency.it.probe");
        main.putValue("Bundle-Version", "1.0.0");
        Path bundle = dir.resolve("probe.jar");
        String entry = BridgeProbe.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(bundle);
                JarOutputStream jar = new JarOutputStream(file, manifest);
                InputStream probe = BridgeProbe.class.getClassLoader().getResourceAsStream(entry)) {
            jar.putNextEntry(new JarEntry(entry));
            probe.transferTo(jar);
            jar.closeEntry();
        }
        return bundle;
    }

}
