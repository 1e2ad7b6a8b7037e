package dev.idempotency.agent.cli;

import dev.idempotency.agent.management.AgentProperties;
import dev.idempotency.agent.metrics.MetricsRegistration;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Properties;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * The agent's Status MBean in a running JVM, over the JVM's local JMX connector (no port): what
 * {@code status} and {@code discover} read. Says on {@code err}, prefixed by the command, why it
 * cannot be read.
 */
public final class StatusConnection {

    /** How long a command waits for the status of a JVM that is still starting: longer than it takes to publish. */
    static final Duration PUBLISH_WAIT = AgentProperties.STATUS_PUBLISHED_AFTER.multipliedBy(2);
    private static final Duration POLL = Duration.ofMillis(200);
    /**
     * What the JVM's management agent says when the host names its own MBean server builder
     * (Open Liberty) and nobody has made the platform server with the host's loader yet: the agent
     * does, when it publishes its status, a few seconds after start at the latest.
     */
    private static final String HOST_BUILDER_NOT_YET = "Failed to load MBeanServerBuilder";

    /**
     * The address of the local JMX connector of process {@code pid}, started if need be, when the
     * agent runs there; for a host whose MBean server only the agent can make (see
     * {@link #HOST_BUILDER_NOT_YET}), waits up to {@link #PUBLISH_WAIT} for it. Signals the process
     * only when it is a JVM this user may attach to.
     *
     * @throws CommandFailed saying why not (without the command's name)
     */
    static String agentConnector(String pid) {
        String refusal = JvmProcess.refusal(pid);
        if (refusal != null) {
            throw new CommandFailed(refusal);
        }
        long deadline = System.nanoTime() + PUBLISH_WAIT.toNanos();
        while (true) {
            try {
                return connectorOf(pid);
            } catch (CommandFailed failed) {
                if (!failed.getMessage().contains(HOST_BUILDER_NOT_YET) || System.nanoTime() > deadline) {
                    throw failed;
                }
                sleep(POLL);
            }
        }
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CommandFailed("interrupted");
        }
    }

    private static String connectorOf(String pid) {
        try {
            try (AttachedJvm target = AttachedJvm.attach(pid)) {
                Properties properties = target.systemProperties();
                if (properties.getProperty(AgentProperties.RUNNING_PROPERTY) == null) {
                    String why = properties.getProperty(AgentProperties.NOT_RUNNING_PROPERTY);
                    throw new CommandFailed("the agent does not run in process " + pid
                            + "; nothing is protected there (start it with -javaagent, or use attach)"
                            + (why == null ? "" : "; it said: " + why));
                }
                return target.startLocalManagementAgent();
            }
        } catch (CommandFailed refused) {
            throw refused;
        } catch (Exception e) {
            throw new CommandFailed("cannot reach process " + pid + ": " + e.getMessage()
                    + " (it must be a HotSpot JVM of the same user, started without -XX:+DisableAttachMechanism)");
        }
    }

    /** Reads the Status MBean ({@code status}: its name) through {@code jmx}, of the agent in process {@code pid}. */
    public interface Reader {
        void read(MBeanServerConnection jmx, ObjectName status, String pid) throws IOException, JMException;
    }

    private StatusConnection() {
    }

    /**
     * Whether the Status MBean is there, waiting up to {@link #PUBLISH_WAIT} for a JVM that is still
     * starting (it publishes its status a few seconds after start when nothing asked for it sooner),
     * and saying once on {@code err} that it waits.
     */
    private static boolean published(MBeanServerConnection jmx, ObjectName status, String command, String pid,
            PrintStream err) throws IOException {
        long deadline = System.nanoTime() + PUBLISH_WAIT.toNanos();
        boolean said = false;
        while (!jmx.isRegistered(status)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            if (!said) {
                err.println(command + ": waiting for the agent in process " + pid + " to publish its status "
                        + "(it is starting)");
                said = true;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /**
     * 0 when {@code reader} has read the status of the agent in process {@code given}, or in the one JVM
     * below it when it is a launcher script's, else 1 after saying why not.
     */
    public static int read(String command, String given, PrintStream err, Reader reader) {
        String pid = given;
        String jvm = JvmProcess.jvmOf(given);
        if (jvm != null && !jvm.equals(given)) {
            err.println(command + ": process " + given + " is not a Java virtual machine; reading the JVM it started, "
                    + "process " + jvm);
            pid = jvm;
        }
        String address;
        try {
            address = agentConnector(pid);
        } catch (CommandFailed refused) {
            err.println(command + ": " + refused.getMessage());
            return 1;
        }
        try (JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address))) {
            MBeanServerConnection jmx = connector.getMBeanServerConnection();
            ObjectName status = MetricsRegistration.statusName();
            if (!published(jmx, status, command, pid, err)) {
                err.println(command + ": the agent in process " + pid + " has not published its status yet, "
                        + PUBLISH_WAIT.getSeconds() + " s after being asked (it does at its first protected request, "
                        + "and " + AgentProperties.STATUS_PUBLISHED_AFTER.getSeconds() + " s after its start at the latest; "
                        + "if it could not, the process said why on its stderr)");
                return 1;
            }
            reader.read(jmx, status, pid);
            return 0;
        } catch (IOException | JMException e) {
            err.println(command + ": reading the agent's status in process " + pid + " failed: " + e);
            return 1;
        }
    }
}
