package dev.idempotency.agent.vocabulary;

/**
 * The host API versions one instrumentation group claims, and the adapter jar that serves them,
 * written once, in the group's {@link GroupDescription}. The agent tells an operator this range
 * (its status, and the warning for a class loader whose API lacks what the adapter uses); the
 * build checks it from three sides: the adapter jar's lowest and highest linked versions
 * (the reference check each adapter module runs, {@code agent/reference-check}), and the group tables of docs/configuration.md, the README
 * and docs/jaxrs.md ({@code agent-config}'s documentation test).
 */
public final class SupportedRange {

    private final String product;
    private final String lowest;
    private final String highest;
    private final String detail;
    private final String adapterJar;

    private SupportedRange(String product, String lowest, String highest, String detail, String adapterJar) {
        this.product = product;
        this.lowest = lowest;
        this.highest = highest;
        this.detail = detail;
        this.adapterJar = adapterJar;
    }

    /**
     * {@code product lowest to highest (detail)}, served by {@code adapterJar}: e.g. Jersey, 2.8, 2.48,
     * {@code javax.ws.rs}, {@code jaxrs-jersey-javax.jar}. Versions are lines, major and minor.
     */
    public static SupportedRange of(String product, String lowest, String highest, String detail, String adapterJar) {
        return new SupportedRange(product, lowest, highest, detail, adapterJar);
    }

    /** The lowest claimed line, major and minor: {@code 2.8}. */
    public String lowest() {
        return lowest;
    }

    /** The highest claimed line, major and minor: {@code 2.48}. */
    public String highest() {
        return highest;
    }

    /** The versions as the docs write them: {@code Jersey 2.8 to 2.48}. */
    public String versions() {
        return product + " " + lowest + " to " + highest;
    }

    /** The adapter jar nested in the agent jar that serves this group: {@code jaxrs-jersey-javax.jar}. */
    public String adapterJar() {
        return adapterJar;
    }

    /** As an operator reads it: {@code Jersey 2.8 to 2.48 (javax.ws.rs)}. */
    public String text() {
        return versions() + " (" + detail + ")";
    }

    @Override
    public String toString() {
        return text();
    }
}
