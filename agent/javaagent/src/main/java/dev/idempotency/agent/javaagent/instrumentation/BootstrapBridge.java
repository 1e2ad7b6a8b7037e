package dev.idempotency.agent.javaagent.instrumentation;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarFile;

/**
 * Puts the bridge classes on the bootstrap class path, where advice inlined into any loader can
 * see them. Must run before anything in the agent touches a bridge type.
 */
public final class BootstrapBridge {

    private static final String PROBE = "dev.idempotency.agent.bootstrap.Bridge";

    private BootstrapBridge() {
    }

    public static void install(Instrumentation instrumentation) throws IOException {
        if (alreadyOnBootstrapPath()) {
            return; // attached a second time: the first attach already did it
        }
        Path jar = Files.createTempFile("idempotency-agent-bootstrap-", ".jar");
        jar.toFile().deleteOnExit();
        try (InputStream in = NestedJar.raw("bootstrap.jar")) {
            Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
        }
        instrumentation.appendToBootstrapClassLoaderSearch(new JarFile(jar.toFile()));
    }

    private static boolean alreadyOnBootstrapPath() {
        try {
            Class.forName(PROBE, false, null);
            return true;
        } catch (ClassNotFoundException absent) {
            return false;
        }
    }
}
