package dev.idempotency.agent.config;

import dev.idempotency.agent.vocabulary.ScopePart;
import java.util.List;

/**
 * What a key is unique within: the whole service, or the combination of its parts (a header
 * value, the principal). The same key text in two scopes is two different operations.
 */
public final class Scope {

    static final Scope NONE = new Scope(List.of(ScopePart.none()));

    private final List<ScopePart> parts;

    Scope(List<ScopePart> parts) {
        this.parts = List.copyOf(parts);
    }

    /** Never empty; a single {@link ScopePart.Kind#NONE} part when the scope is the whole service. */
    public List<ScopePart> parts() { return parts; }

    public boolean isNone() {
        return parts.size() == 1 && parts.get(0).kind() == ScopePart.Kind.NONE;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Scope && parts.equals(((Scope) other).parts);
    }

    @Override
    public int hashCode() {
        return parts.hashCode();
    }

    @Override
    public String toString() {
        return parts.size() == 1 ? parts.get(0).toString() : parts.toString();
    }
}
