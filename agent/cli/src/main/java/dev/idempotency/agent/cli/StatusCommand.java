package dev.idempotency.agent.cli;

import java.util.Arrays;
import java.util.Collections;
import dev.idempotency.agent.metrics.MetricsRegistration;
import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.JMException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * {@code status <pid>}: what the agent in a running JVM protects, read over the JVM's local JMX
 * connector (no port): the config it read, the store, the entry points it instrumented, each
 * declared endpoint with the requests that reached it by decision, and its warnings. An endpoint
 * no request has reached yet is said so, with what to check.
 */
final class StatusCommand {

    private StatusCommand() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length != 1 || !args[0].matches("\\d+")) {
            throw new UsageException("status: needs the process id of a JVM running the agent");
        }
        return StatusConnection.read("status", args[0], err, (jmx, status, pid) -> print(pid, jmx, status, out));
    }

    private static void print(String pid, MBeanServerConnection jmx, ObjectName status, PrintStream out)
            throws IOException, JMException {
        out.println("process " + pid + ": idempotency-agent " + jmx.getAttribute(status, "Version") + " with "
                + jmx.getAttribute(status, "ConfigFile"));
        out.println("store: " + jmx.getAttribute(status, "StoreKind") + ", "
                + (Boolean.TRUE.equals(jmx.getAttribute(status, "StoreReachable")) ? "reachable"
                        : "NOT reachable: declared endpoints answer 503 (fail-closed)") + size(jmx, status));
        String[] entryPoints = (String[]) jmx.getAttribute(status, "InstrumentedEntryPoints");
        out.println("instrumented entry points: " + entryPoints.length
                + (entryPoints.length == 0 ? " (no servlet or JAX-RS runtime has loaded yet, or none could be instrumented)" : ""));
        for (String entryPoint : entryPoints) {
            out.println("  " + entryPoint);
        }
        for (String group : optional(jmx, status, "DisabledInstrumentationGroups")) {
            out.println("instrumentation group disabled by instrumentation.disabled: " + group);
        }
        out.println("endpoints:");
        List<String> unprotected = Arrays.asList((String[]) jmx.getAttribute(status, "UnprotectedEndpoints"));
        String[] entered = optional(jmx, status, "EndpointEntryPoints");
        for (String declared : (String[]) jmx.getAttribute(status, "DeclaredEndpoints")) {
            String name = declared.substring(0, declared.indexOf(' '));
            out.println("  " + declared + ": " + (unprotected.contains(declared)
                    ? "UNPROTECTED, no instrumented entry point serves it (see the warnings below); " : "")
                    + requests(jmx, MetricsRegistration.endpointName(name)));
            for (String line : entered) {
                if (line.startsWith(name + ": ")) {
                    out.println("    entered at " + line.substring(name.length() + 2));
                }
            }
        }
        String[] warnings = (String[]) jmx.getAttribute(status, "Warnings");
        out.println("warnings: " + (warnings.length == 0 ? "none" : warnings.length));
        for (String warning : warnings) {
            out.println("  " + warning);
        }
    }

    /** ", 1,234,567 record(s), 812 MB on disk" as far as the store told; empty from an agent that predates it. */
    private static String size(MBeanServerConnection jmx, ObjectName status) throws IOException, JMException {
        long records;
        long bytes;
        try {
            records = (Long) jmx.getAttribute(status, "StoreRecords");
            bytes = (Long) jmx.getAttribute(status, "StoreBytesOnDisk");
        } catch (AttributeNotFoundException older) {
            return "";
        }
        if (records < 0) {
            return "";
        }
        return String.format(Locale.ROOT, ", %,d record(s)", records)
                + (bytes < 0 ? "" : String.format(Locale.ROOT, ", %,d MB on disk", bytes >> 20))
                // An empty store's file is its header and empty maps, not a size per record.
                + (bytes < 0 || records == 0 ? "" : String.format(Locale.ROOT, " (%,d bytes per record)", bytes / records));
    }

    /** A string-array attribute of the Status MBean; none from an agent that predates it. */
    private static String[] optional(MBeanServerConnection jmx, ObjectName status, String attribute)
            throws IOException, JMException {
        try {
            return (String[]) jmx.getAttribute(status, attribute);
        } catch (AttributeNotFoundException older) {
            return new String[0];
        }
    }

    /** The counter of downstream calls given a derived key, which are no requests of the endpoint's. */
    private static final String PROPAGATED = "Propagated";
    /** The counter of unsafe downstream calls that left without a key, which are no requests either. */
    private static final String DOWNSTREAM_UNKEYED = "DownstreamUnkeyed";

    /**
     * {@code 12 requests: executed 5, replayed 4, missing_key 3}, with the downstream calls keyed
     * when there were any, or why none arrived.
     */
    private static String requests(MBeanServerConnection jmx, ObjectName endpoint) throws IOException, JMException {
        if (!jmx.isRegistered(endpoint)) {
            return "no counters";
        }
        long seen = ((Number) jmx.getAttribute(endpoint, "Attempts")).longValue();
        if (seen == 0) {
            return "the agent has taken no request for it yet (requests that reach the service by a path or entry "
                    + "point it does not match are not seen): if some should have been, check the path (relative to "
                    + "the context path, as the host routes it) or the resource-method, and the warnings below";
        }
        List<String> decisions = new ArrayList<>();
        String keyed = "";
        List<String> names = new ArrayList<>();
        for (MBeanAttributeInfo attribute : jmx.getMBeanInfo(endpoint).getAttributes()) {
            if (attribute.getType().equals("long") && !attribute.getName().equals("Attempts")
                    && !attribute.getName().endsWith("Errors")) {
                names.add(attribute.getName());
            }
        }
        AttributeList values = jmx.getAttributes(endpoint, names.toArray(new String[0]));
        for (Attribute value : values.asList()) {
            long count = ((Number) value.getValue()).longValue();
            if (count > 0 && value.getName().equals(PROPAGATED)) {
                keyed += "; " + count + " downstream call(s) keyed (propagate-key)";
            } else if (count > 0 && value.getName().equals(DOWNSTREAM_UNKEYED)) {
                keyed += "; " + count + " unsafe downstream call(s) left WITHOUT a key (see the warnings)";
            } else if (count > 0) {
                decisions.add(value.getName() + " " + count);
            }
        }
        return seen + " request(s): " + String.join(", ", decisions) + keyed;
    }
}
