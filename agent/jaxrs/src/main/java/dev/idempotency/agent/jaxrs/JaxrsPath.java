package dev.idempotency.agent.jaxrs;

/** The path a JAX-RS runtime matched the resource method on, as the core routes it. */
public final class JaxrsPath {

    private JaxrsPath() {
    }

    /**
     * The runtime's decoded path below the application's base URI, with the leading slash that
     * declared templates have (the runtimes give it without one). The core drops matrix
     * parameters and a trailing slash.
     */
    public static String belowBaseUri(String relative) {
        return relative.startsWith("/") ? relative : "/" + relative;
    }
}
