package dev.idempotency.agent.store.jdbc;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Collections;
import java.util.Properties;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * Connections straight from a driver instance the store created itself, never through
 * {@code DriverManager}: the agent's relocated drivers must not be offered to the application.
 * A driver class registers itself in {@code DriverManager} when it is loaded; the store takes that
 * registration back at once, so an application's {@code DriverManager.getConnection("jdbc:h2:...")}
 * finds its own driver, not the agent's.
 */
public final class DriverDataSource implements DataSource {

    private final Driver driver;
    private final String url;
    private final Properties properties;
    private volatile int loginTimeoutSeconds;

    public DriverDataSource(String driverClassName, String url, Properties properties) {
        this.driver = instantiate(driverClassName);
        this.url = url;
        this.properties = properties;
    }

    private static Driver instantiate(String driverClassName) {
        try {
            initialiseDriverManagerAsTheApplicationWould();
            Class<?> type = Class.forName(driverClassName, true, DriverDataSource.class.getClassLoader());
            withdrawFromDriverManager(type);
            return (Driver) type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalStateException("JDBC driver " + driverClassName + " is not available", e);
        }
    }

    /**
     * Loading a driver class starts {@code DriverManager}, which looks for drivers once, with the
     * context loader of the thread that starts it. Started from the agent's thread it would look in
     * the agent's loader and never find the application's drivers; started here with the system
     * loader, it finds what it would have found for the application (as Tomcat's driver-manager
     * protection does at its own start).
     */
    private static void initialiseDriverManagerAsTheApplicationWould() {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(ClassLoader.getSystemClassLoader());
        try {
            DriverManager.getDrivers();
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    private static void withdrawFromDriverManager(Class<?> type) {
        for (Driver registered : Collections.list(DriverManager.getDrivers())) {
            if (registered.getClass() == type) {
                try {
                    DriverManager.deregisterDriver(registered);
                } catch (SQLException | SecurityException e) {
                    // Still registered: the application may see the agent's driver, as before this check.
                }
            }
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection connection = driver.connect(url, properties);
        if (connection == null) {
            throw new SQLException("driver " + driver.getClass().getName() + " does not accept the store URL", "08001");
        }
        return connection;
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("credentials are part of the store settings");
    }

    @Override
    public PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        // nothing is logged through a writer
    }

    /** Connect timeouts are driver properties, set per dialect. */
    @Override
    public void setLoginTimeout(int seconds) {
        // Each dialect's connectionProperties bound the connect itself; this is kept for getLoginTimeout.
        loginTimeoutSeconds = seconds;
    }

    @Override
    public int getLoginTimeout() {
        // HikariCP sets it from its connection timeout and, closing, waits this long for connections
        // it is still opening: with 0 it would not wait, and a connection opened during the close
        // would stay open (an H2 file's database with it).
        return loginTimeoutSeconds;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper of " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
