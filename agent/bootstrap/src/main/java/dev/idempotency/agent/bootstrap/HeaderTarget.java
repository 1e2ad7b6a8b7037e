package dev.idempotency.agent.bootstrap;

/** A runtime's response as the place where an adapter puts the headers of a {@link Verdict}. */
@FunctionalInterface
public interface HeaderTarget {

    void add(String name, String value);

    /**
     * The first value of a header. Adds it, unless the runtime replaces what the header may
     * already hold (a servlet response kept by {@code resetBuffer()}, say).
     */
    default void set(String name, String value) {
        add(name, value);
    }
}
