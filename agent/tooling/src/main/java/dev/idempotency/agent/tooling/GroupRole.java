package dev.idempotency.agent.tooling;

/**
 * What the classes of an instrumentation group do for protection: an entry point that requests
 * come through (a servlet, a JAX-RS dispatch), or a part that serves the protected ones.
 */
public enum GroupRole {
    /** A servlet or filter: sees every request of its application, by method and routed path. */
    SERVLET,
    /** A JAX-RS runtime's dispatch: sees the resource method it matched, too. */
    JAXRS,
    /** Not an entry point: a module system's class loading, taught to see the agent's bridge. */
    CLASS_LOADING,
    /** Not an entry point: an HTTP client whose unsafe calls carry derived keys (propagate-key). */
    DOWNSTREAM_CLIENT
}
