package dev.idempotency.it.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.util.Collections;
import java.util.ServiceLoader;

/**
 * An application with JDBC drivers of its own (H2, PostgreSQL, MariaDB on its class path), next
 * to the agent: prints what {@code DriverManager} and {@code ServiceLoader} give it, once the
 * agent's store (H2, in the working directory) is open.
 */
public final class DriverProgram {

    private DriverProgram() {
    }

    public static void main(String[] args) throws Exception {
        long until = System.nanoTime() + 20_000_000_000L;
        while (!Files.exists(Path.of("idempotency-store", "agent.mv.db")) && System.nanoTime() < until) {
            Thread.sleep(50);
        }
        Thread.sleep(1_000);
        for (Driver driver : Collections.list(DriverManager.getDrivers())) {
            System.out.println("registered " + driver.getClass().getName());
        }
        for (ServiceLoader.Provider<Driver> provider : ServiceLoader.load(Driver.class).stream().toList()) {
            System.out.println("service " + provider.type().getName());
        }
        try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:app")) {
            System.out.println("connection " + connection.getClass().getName());
        }
    }
}
