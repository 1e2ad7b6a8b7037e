package dev.idempotency.agent.launcher;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.Paths;
import java.security.CodeSource;

/** The agent jar these classes were loaded from, and the one class loader that reads it. */
final class AgentJar {

    private static AgentClassLoader loader;

    private AgentJar() {
    }

    /** One loader per JVM: a second attach finds the agent already loaded and says so. */
    static synchronized ClassLoader loader() throws IOException {
        if (loader == null) {
            loader = new AgentClassLoader(location());
        }
        return loader;
    }

    private static Path location() throws IOException {
        CodeSource source = AgentJar.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IOException("cannot tell which jar the agent was started from");
        }
        try {
            return Paths.get(source.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException unusable) {
            throw new IOException("the agent jar's location " + source.getLocation() + " is not a file", unusable);
        }
    }
}
