package dev.idempotency.agent.javaagent.cli;

import dev.idempotency.agent.javaagent.AgentStartup;
import dev.idempotency.agent.metrics.MetricsRegistration;
import java.io.IOException;
import java.io.PrintStream;
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
final class StatusConnection {

    /**
     * The address of the local JMX connector of process {@code pid}, started if need be, when the
     * agent runs there. Signals the process only when it is a JVM this user may attach to.
     *
     * @throws CommandFailed saying why not (without the command's name)
     */
    static String agentConnector(String pid) {
        String refusal = JvmProcess.refusal(pid);
        if (refusal != null) {
            throw new CommandFailed(refusal);
        }
        try {
            try (AttachedJvm target = AttachedJvm.attach(pid)) {
                Properties properties = target.systemProperties();
                if (properties.getProperty(AgentStartup.RUNNING_PROPERTY) == null) {
                    String why = properties.getProperty(AgentStartup.NOT_RUNNING_PROPERTY);
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

    /** Reads the Status MBean ({@code status}: its name) through {@code jmx}. */
    interface Reader {
        void read(MBeanServerConnection jmx, ObjectName status) throws IOException, JMException;
    }

    private StatusConnection() {
    }

    /** 0 when {@code reader} has read the status of the agent in process {@code pid}, else 1 after saying why not. */
    static int read(String command, String pid, PrintStream err, Reader reader) {
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
            if (!jmx.isRegistered(status)) {
                err.println(command + ": the agent in process " + pid + " has not published its status yet (it does at "
                        + "the first request to a declared endpoint, or a few seconds after start); try again");
                return 1;
            }
            reader.read(jmx, status);
            return 0;
        } catch (IOException | JMException e) {
            err.println(command + ": reading the agent's status in process " + pid + " failed: " + e);
            return 1;
        }
    }
}
