package dev.idempotency.agent.config;

/** A JAX-RS resource method, written {@code com.acme.OrderResource#create}. */
public final class ResourceMethod {

    private final String className;
    private final String methodName;

    ResourceMethod(String className, String methodName) {
        this.className = className;
        this.methodName = methodName;
    }

    /** The fully qualified class name. */
    public String className() { return className; }
    public String methodName() { return methodName; }

    @Override
    public boolean equals(Object other) {
        return other instanceof ResourceMethod && toString().equals(other.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    @Override
    public String toString() {
        return className + "#" + methodName;
    }
}
