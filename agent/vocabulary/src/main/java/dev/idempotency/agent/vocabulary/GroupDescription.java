package dev.idempotency.agent.vocabulary;

/**
 * One instrumentation group as an operator names it in {@code instrumentation.disabled}: its name,
 * whether its classes are entry points (the requests the agent protects) or HTTP clients (the
 * downstream calls of a protected request, which carry derived keys), and the host API versions
 * it claims with the adapter jar that serves them. The JDK's own classes claim no range: they come
 * with the JVM.
 */
public final class GroupDescription {

    private final String name;
    private final boolean entryPoint;
    private final SupportedRange range;

    private GroupDescription(String name, boolean entryPoint, SupportedRange range) {
        this.name = name;
        this.entryPoint = entryPoint;
        this.range = range;
    }

    /** A servlet API's or JAX-RS runtime's group: {@code servlet-javax}, {@code jersey-jakarta}. */
    public static GroupDescription entryPoint(String name, SupportedRange range) {
        return new GroupDescription(name, true, range);
    }

    /** An HTTP client library an application brings: {@code okhttp3}. */
    public static GroupDescription client(String name, SupportedRange range) {
        return new GroupDescription(name, false, range);
    }

    /** A part of the JDK whose calls carry derived keys: {@code jdk-http-client}. */
    public static GroupDescription jdk(String name) {
        return new GroupDescription(name, false, null);
    }

    public String name() {
        return name;
    }

    /** Whether requests come through its classes, rather than leave through them. */
    public boolean isEntryPoint() {
        return entryPoint;
    }

    /**
     * The versions it claims and its adapter jar.
     *
     * @throws IllegalStateException for the JDK's groups, which have none
     */
    public SupportedRange range() {
        if (range == null) {
            throw new IllegalStateException(name + " has no supported range: the JDK's own classes come with the JVM");
        }
        return range;
    }

    /** Whether it claims a range: every group but the JDK's. */
    public boolean hasRange() {
        return range != null;
    }

    @Override
    public String toString() {
        return name;
    }
}
