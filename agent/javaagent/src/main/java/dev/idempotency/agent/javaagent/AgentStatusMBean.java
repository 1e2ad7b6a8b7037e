package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.vocabulary.InstrumentationGroups;
/**
 * The agent's own view of what it protects, on JMX as {@code dev.idempotency.agent:type=Status}
 * and printed by {@code java -jar idempotency-agent.jar status <pid>}.
 */
public interface AgentStatusMBean {

    /** The agent's version. */
    String getVersion();

    /** The config file the agent read. */
    String getConfigFile();

    /** {@code h2}, {@code mvstore}, {@code postgresql}, {@code mariadb} or {@code redis}: the store provider's kind. */
    String getStoreKind();

    /** Whether the store answered a query just now. */
    boolean isStoreReachable();

    /** Every record in the store, expired ones included; -1 when the store did not answer. */
    long getStoreRecords();

    /** Bytes the store takes on disk (table and indexes on a server, the file of an embedded store); -1 when unknown. */
    long getStoreBytesOnDisk();

    /** One line per declared endpoint: {@code name METHOD path-or-resource-method}. */
    String[] getDeclaredEndpoints();

    /**
     * The classes that carry the agent's advice, with their class loader; those of a loader since
     * collected (an undeployed application's) are left out.
     */
    String[] getInstrumentedEntryPoints();

    /**
     * The instrumentation groups {@code instrumentation.disabled} switches off, each with whether
     * the application has loaded a class the group would have instrumented.
     */
    String[] getDisabledInstrumentationGroups();

    /**
     * Per declared endpoint that requests have reached, where they entered, as the adapter saw it:
     * {@code name: class in loader}, one line per class (a servlet, a filter, a JAX-RS resource),
     * the most recent first, at most four per endpoint.
     */
    String[] getEndpointEntryPoints();

    /** What the agent warned of since it started: instrumentation failures, declarations that match nothing. */
    String[] getWarnings();

    /**
     * Declared endpoints that no instrumented entry point can serve now (no servlet, filter or
     * JAX-RS runtime carries the advice, or, for a resource method, no JAX-RS runtime): requests to
     * them run unprotected.
     */
    String[] getUnprotectedEndpoints();

    /**
     * The requests that change state (POST, PUT, PATCH, DELETE) and matched no declared endpoint,
     * one line per method and path (numeric and UUID-like segments collapsed to {@code {id}}; the
     * JAX-RS resource method where a runtime matched one): how many, whether an idempotency key
     * was sent, the content types and kinds of credentials seen, by name only. Printed by
     * {@code java -jar idempotency-agent.jar discover <pid>}.
     */
    String[] getUndeclaredRequests();

    /** An {@code endpoints:} list declaring the {@link #getUndeclaredRequests() undeclared requests}, to edit into the config. */
    String getUndeclaredEndpointsSkeleton();
}
