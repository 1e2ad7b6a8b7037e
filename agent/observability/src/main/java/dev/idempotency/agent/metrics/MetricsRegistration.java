package dev.idempotency.agent.metrics;

import java.util.Collections;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * Puts the metrics on an MBean server: {@code dev.idempotency.agent:type=Attempts} and
 * {@code dev.idempotency.agent:type=Attempts,endpoint=<name>}.
 *
 * <p>In a running agent this waits (see {@link #registerLater}): creating the platform MBean
 * server initialises {@code java.util.logging}'s LogManager, and doing that in premain would fix
 * the LogManager before the application's main could choose its own (JBoss LogManager, a Log4j
 * bridge) — the agent must not change the application's logging.
 */
public final class MetricsRegistration {

    public static final String DOMAIN = "dev.idempotency.agent";

    private MetricsRegistration() {
    }

    public static ObjectName totalName() {
        return name("type=Attempts");
    }

    /** Where the agent's status bean goes (registered by the javaagent with the metrics). */
    public static ObjectName statusName() {
        return name("type=Status");
    }

    /**
     * Where the running service's file store is offered to the operator's commands (registered by
     * the javaagent, for the {@code mvstore:} store only).
     */
    public static ObjectName fileStoreName() {
        return name("type=FileStore");
    }

    public static ObjectName endpointName(String endpoint) {
        return name("type=Attempts,endpoint=" + quoteIfNeeded(endpoint));
    }

    /** Registers every bean, replacing beans of an earlier registration; returns their names. */
    public static List<ObjectName> register(MBeanServer server, AttemptMetrics metrics) throws JMException {
        List<ObjectName> names = new ArrayList<>();
        names.add(replace(server, AttemptsMBean.total(metrics), totalName()));
        for (Map.Entry<String, AttemptCounters> endpoint : metrics.byEndpoint().entrySet()) {
            names.add(replace(server, AttemptsMBean.endpoint(endpoint.getKey(), endpoint.getValue()),
                    endpointName(endpoint.getKey())));
        }
        return names;
    }

    /**
     * Registers on the platform MBean server from a daemon thread once the first attempt was
     * counted (the application is serving, so its main has set up its logging) or after
     * {@code latest}, whichever comes first.
     */
    public static Thread registerLater(AttemptMetrics metrics, Duration latest, BiConsumer<String, Throwable> failures) {
        return registerLater(metrics, latest, failures, Collections.emptyMap());
    }

    /** As {@link #registerLater(AttemptMetrics, Duration, BiConsumer)}, with more beans under their names. */
    public static Thread registerLater(AttemptMetrics metrics, Duration latest, BiConsumer<String, Throwable> failures,
            Map<ObjectName, Object> others) {
        return registerLater(metrics, latest, failures, others, PlatformMBeanServer::threadContextLoaders);
    }

    /**
     * As {@link #registerLater(AttemptMetrics, Duration, BiConsumer, Map)}; {@code hostLoaders} are
     * where the MBean server builder a host names is looked for (see {@link PlatformMBeanServer}),
     * e.g. the loaders of every class loaded so far.
     */
    public static Thread registerLater(AttemptMetrics metrics, Duration latest, BiConsumer<String, Throwable> failures,
            Map<ObjectName, Object> others, Supplier<? extends Iterable<ClassLoader>> hostLoaders) {
        Thread thread = new Thread(() -> {
            try {
                metrics.awaitFirstAttempt(latest);
                MBeanServer server = PlatformMBeanServer.get(hostLoaders);
                for (Map.Entry<ObjectName, Object> other : others.entrySet()) {
                    replace(server, other.getValue(), other.getKey());
                }
                register(server, metrics);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (JMException | RuntimeException | LinkageError e) {
                failures.accept("registering the JMX metrics", e);
            }
        }, "idempotency-agent-jmx");
        thread.setDaemon(true);
        thread.setContextClassLoader(null);
        thread.start();
        return thread;
    }

    private static ObjectName replace(MBeanServer server, Object bean, ObjectName name) throws JMException {
        if (server.isRegistered(name)) {
            server.unregisterMBean(name);
        }
        return server.registerMBean(bean, name).getObjectName();
    }

    private static String quoteIfNeeded(String value) {
        for (char c : value.toCharArray()) {
            if (",=:\"*?\n".indexOf(c) >= 0) {
                return ObjectName.quote(value);
            }
        }
        return value;
    }

    private static ObjectName name(String properties) {
        try {
            return new ObjectName(DOMAIN + ":" + properties);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException(properties, e);
        }
    }
}
