package dev.idempotency.agent.javaagent.instrumentation;

/** What an instrumented class does for protection, told from its name. */
public enum EntryPointKind {
    /** A servlet or filter: sees every request of its application, by method and routed path. */
    SERVLET,
    /** A JAX-RS runtime's dispatch: sees the resource method it matched, too. */
    JAXRS,
    /** Not an entry point: a module system's class loading, taught to see the agent's bridge. */
    CLASS_LOADING;

    public static EntryPointKind of(String typeName) {
        switch (typeName) {
            case JaxrsInstrumentation.JERSEY_INVOKER:
            case JaxrsInstrumentation.RESTEASY_DISPATCHER:
            case JaxrsInstrumentation.RESTEASY_RESPONSE_WRITER:
                return JAXRS;
            case BootDelegation.JBOSS_MODULE:
                return CLASS_LOADING;
            default:
                return SERVLET;
        }
    }
}
