package dev.idempotency.it.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.util.Collections;
import java.util.ServiceLoader;

/**
 * An application with JDBC drivers of its own (an H2 and a PostgreSQL driver of other versions
 * than the agent's), next to the agent: prints what {@code DriverManager}, {@code ServiceLoader}
 * and its class loader give it once the agent's store (H2, in the working directory) is open.
 * Its class path holds this class and the two drivers only.
 */
public final class DriverProgram {

    /** Names the agent's jar holds, as classes or resources, that an application must not find. */
    private static final String[] AGENT_NAMES = {
        "dev/idempotency/agent/javaagent/IdempotencyAgent.class",
        "META-INF/idempotency/agent.properties",
        "META-INF/idempotency/bootstrap.jar",
        "META-INF/services/java.sql.Driver",
        "mariadb.properties",
        "driver.properties",
        "org/mariadb/jdbc/Driver.class",
        "net/bytebuddy/ByteBuddy.class",
        "com/fasterxml/jackson/databind/ObjectMapper.class",
        "org/yaml/snakeyaml/Yaml.class",
        "com/zaxxer/hikari/HikariDataSource.class",
    };

    /** Classes of the agent's an application must not load, Byte Buddy's nexus among them. */
    private static final String[] AGENT_CLASSES = {
        "dev.idempotency.agent.javaagent.IdempotencyAgent",
        "dev.idempotency.agent.shaded.net.bytebuddy.dynamic.Nexus",
        "net.bytebuddy.dynamic.Nexus",
    };

    private DriverProgram() {
    }

    /** The agent's thread that opens the store; it ends once the store is open. */
    private static final String STORE_OPENER_THREAD = "idempotency-store-open";

    public static void main(String[] args) throws Exception {
        awaitTheStoreOpened();
        for (Driver driver : Collections.list(DriverManager.getDrivers())) {
            System.out.println("registered " + driver.getClass().getName() + " " + version(driver));
        }
        for (ServiceLoader.Provider<Driver> provider : ServiceLoader.load(Driver.class).stream().toList()) {
            System.out.println("service " + provider.type().getName());
        }
        try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:app")) {
            System.out.println("connection " + connection.getClass().getName()
                    + " " + connection.getMetaData().getDriverVersion());
        }
        ClassLoader loader = DriverProgram.class.getClassLoader();
        for (String name : AGENT_NAMES) {
            for (var found : Collections.list(loader.getResources(name))) {
                System.out.println("resource " + name + " at " + found);
            }
        }
        int visible = 0;
        for (String name : AGENT_CLASSES) {
            try {
                Class.forName(name, false, loader);
                System.out.println("class " + name + " is visible");
                visible++;
            } catch (ClassNotFoundException expected) {
                // as it should be
            }
        }
        if (visible == 0) {
            System.out.println("agent classes: not visible");
        }
    }

    /**
     * Until the agent's store-opening thread has ended (it was started before this main ran), at
     * most 20 s: what the application sees is then what it sees for good.
     */
    private static void awaitTheStoreOpened() throws InterruptedException {
        long until = System.nanoTime() + 20_000_000_000L;
        while (storeOpening()) {
            if (System.nanoTime() > until) {
                System.err.println("the agent's store was still opening after 20 s");
                System.exit(2);
            }
            Thread.sleep(20);
        }
        if (!Files.exists(Path.of("idempotency-store", "agent.mv.db"))) {
            System.err.println("the agent's store was not opened in the working directory");
            System.exit(2);
        }
    }

    private static boolean storeOpening() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread.getName().equals(STORE_OPENER_THREAD) && thread.isAlive());
    }

    private static String version(Driver driver) {
        return driver.getMajorVersion() + "." + driver.getMinorVersion();
    }
}
