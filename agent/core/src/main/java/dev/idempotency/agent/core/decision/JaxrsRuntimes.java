package dev.idempotency.agent.core.decision;

/**
 * The JAX-RS runtimes the agent reaches only through their dispatcher servlets, by path: it has
 * no adapter at their own dispatch, so it never learns the resource method they chose. The servlet
 * adapters name no dispatcher whose runtime has an adapter (Apache CXF 3's), so a CXF dispatcher
 * named here is CXF 4's, on {@code jakarta.servlet}.
 */
final class JaxrsRuntimes {

    private JaxrsRuntimes() {
    }

    /** The runtime's name when {@code dispatcher} (a servlet class name) belongs to one of them, else {@code null}. */
    static String seenOnlyByPath(String dispatcher) {
        if (dispatcher.startsWith("org.apache.cxf.")) {
            return "Apache CXF 4";
        }
        if (dispatcher.startsWith("com.sun.jersey.")) {
            return "Jersey 1";
        }
        return null;
    }
}
