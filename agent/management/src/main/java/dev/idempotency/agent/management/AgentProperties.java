package dev.idempotency.agent.management;

import java.time.Duration;

/**
 * What the agent publishes in its host JVM for the operator's commands to find: whether it runs
 * there (system properties any attach can read) and when its JMX beans appear.
 */
public final class AgentProperties {

    /**
     * Set in the host JVM once the agent runs there (its version and config file), so that the
     * {@code attach} command can tell an operator the agent is already in a process.
     */
    public static final String RUNNING_PROPERTY = "idempotency.agent.running";

    /**
     * Set in the host JVM when the agent stays out of it (a broken config, a failed start), with
     * why: {@code status} has no agent to ask there, and says this instead.
     */
    public static final String NOT_RUNNING_PROPERTY = "idempotency.agent.not-running";

    /**
     * The status and the metrics appear on JMX at the first attempt, or this long after start at
     * the latest (not in premain: the platform MBean server would fix {@code java.util.logging}'s
     * LogManager before the application chose its own).
     */
    public static final Duration STATUS_PUBLISHED_AFTER = Duration.ofSeconds(5);

    private AgentProperties() {
    }
}
