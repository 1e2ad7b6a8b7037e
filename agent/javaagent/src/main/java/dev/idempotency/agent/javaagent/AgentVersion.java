package dev.idempotency.agent.javaagent;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The version the build wrote into the jar. */
public final class AgentVersion {

    private static final String VERSION = read();

    private AgentVersion() {
    }

    public static String get() {
        return VERSION;
    }

    private static String read() {
        try (InputStream in = AgentVersion.class.getResourceAsStream("/META-INF/idempotency/agent.properties")) {
            Properties properties = new Properties();
            if (in != null) {
                properties.load(in);
            }
            return properties.getProperty("version", "unknown");
        } catch (IOException unreadable) {
            return "unknown";
        }
    }
}
