package dev.idempotency.agent.cli;

import java.io.IOException;
import java.io.PrintStream;
import javax.management.AttributeNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * {@code discover <pid>}: what a running service takes that changes state and is not declared,
 * read from the agent's Status MBean as {@code status} reads it: per method and path, the requests
 * since start and what they carried (by name only), then an {@code endpoints:} list to edit into
 * the config.
 */
final class DiscoverCommand {

    private DiscoverCommand() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 1 || !args[0].matches("\\d+")) {
            throw new UsageException("discover: needs the process id of a JVM running the agent");
        }
        return StatusConnection.read("discover", args[0], err, (jmx, status, pid) -> print(pid, jmx, status, out));
    }

    private static void print(String pid, MBeanServerConnection jmx, ObjectName status, PrintStream out) throws IOException, JMException {
        String[] undeclared;
        String skeleton;
        try {
            undeclared = (String[]) jmx.getAttribute(status, "UndeclaredRequests");
            skeleton = (String) jmx.getAttribute(status, "UndeclaredEndpointsSkeleton");
        } catch (AttributeNotFoundException older) {
            throw new CommandFailed("discover: the agent in process " + pid
                    + " is older than discover; it keeps no undeclared requests");
        }
        out.println("process " + pid + ": " + (undeclared.length == 0
                ? "no undeclared request that changes state (POST, PUT, PATCH, DELETE) has reached an instrumented "
                        + "entry point since the agent started"
                : "undeclared requests that change state, since the agent started (bodies, query values and header values "
                        + "are never kept):"));
        for (String line : undeclared) {
            out.println("  " + line);
        }
        if (undeclared.length == 0 && ((String[]) jmx.getAttribute(status, "InstrumentedEntryPoints")).length == 0) {
            out.println("  and none can: no entry point of a runtime the agent supports is instrumented in this JVM, "
                    + "so the agent sees none of its requests (`status " + pid + "` shows the warnings that say why)");
        }
        if (!skeleton.isEmpty()) {
            out.println();
            out.println("# To protect them, edit into the config's endpoints (paths are relative to the context path):");
            out.print(skeleton);
        }
    }
}
