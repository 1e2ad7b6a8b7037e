package dev.idempotency.agent.references;

import dev.idempotency.agent.references.ClassIndex.Found;
import dev.idempotency.agent.references.ClassSource.Origin;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * The optional-reference rule, as the agent applies it at run time before it defines an adapter
 * in a loader (the agent's {@code AdapterReferences}, docs/architecture.md): a use made inside an
 * adapter method that may override a host method (not static, not private, no constructor) and
 * that no adapter class calls itself is needed only where a supertype of the adapter class outside
 * the adapter declares that method, by name and descriptor. Elsewhere the host cannot call the
 * method, so its uses never link: the servlet adapter's {@code setReadListener(ReadListener)} on
 * Servlet 3.0.
 */
final class OptionalReferences {

    private final ClassIndex index;
    /** Name + descriptor of every method an adapter class calls on an adapter class. */
    private final Set<String> calledByAdapter = new HashSet<>();

    /** @param all every reference the adapter's classes make */
    OptionalReferences(ClassIndex index, Collection<Reference> all) {
        this.index = index;
        for (Reference reference : all) {
            if (reference.kind() == Reference.Kind.METHOD
                    && index.find(reference.owner()).map(found -> found.origin() == Origin.ADAPTER).orElse(false)) {
                calledByAdapter.add(ClassModel.memberKey(reference.name(), reference.descriptor()));
            }
        }
    }

    /** Whether the API under check could make the adapter link {@code reference}. */
    boolean isNeeded(Reference reference) {
        if (reference.madeIn() == null || calledByAdapter.contains(reference.madeIn())) {
            return true;
        }
        Found user = index.find(reference.user()).orElseThrow();
        for (Found supertype : Hierarchy.of(index, user).searchOrder()) {
            if (supertype.origin() != Origin.ADAPTER && supertype.model().methods().containsKey(reference.madeIn())) {
                return true;
            }
        }
        return false;
    }
}
