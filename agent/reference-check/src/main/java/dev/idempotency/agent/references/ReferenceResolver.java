package dev.idempotency.agent.references;

import dev.idempotency.agent.references.ClassIndex.Found;
import dev.idempotency.agent.references.ClassSource.Origin;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.objectweb.asm.Opcodes;

/**
 * Resolves an adapter's references as the JVM would in the adapter's loader: the class must exist;
 * a method or field must be declared on it or a supertype, with the same descriptor, still static
 * or not as called, on an interface or a class as called, and not private or package-private in
 * the API. Uses of JDK classes are not checked here: {@code --release} already did.
 */
final class ReferenceResolver {

    private final ClassIndex index;

    ReferenceResolver(ClassIndex index) {
        this.index = index;
    }

    /** True when the reference is to the API (not the JDK, not the adapter or the bridge): counted, so an empty check shows. */
    boolean reachesApi(Reference reference) {
        return index.find(reference.owner()).map(found -> found.origin() == Origin.API).orElse(false);
    }

    /** The reason the reference would not link, or empty. */
    Optional<String> problemWith(Reference reference) {
        if (JdkClasses.RUNNING.owns(reference.owner())) {
            return Optional.empty();
        }
        Optional<Found> owner = index.find(reference.owner());
        if (owner.isEmpty()) {
            // a member of a missing class: reported once, by the class reference that comes with it
            return reference.kind() == Reference.Kind.CLASS
                    ? Optional.of("missing " + reference.describe())
                    : Optional.empty();
        }
        switch (reference.kind()) {
            case CLASS:
                return classProblem(reference, owner.get());
            case METHOD:
                return methodProblem(reference, owner.get());
            default:
                return fieldProblem(reference, owner.get());
        }
    }

    private static Optional<String> classProblem(Reference reference, Found owner) {
        if (owner.origin() == Origin.API && !owner.model().isPublic()) {
            return Optional.of(reference.describe() + " is not public");
        }
        return Optional.empty();
    }

    private Optional<String> methodProblem(Reference reference, Found owner) {
        if (owner.model().isInterface() != reference.interfaceOwner()) {
            return Optional.of(reference.describe() + " is called on " + (reference.interfaceOwner() ? "an interface" : "a class")
                    + ", but " + Reference.javaName(reference.owner()) + " is "
                    + (owner.model().isInterface() ? "an interface" : "a class"));
        }
        String key = ClassModel.memberKey(reference.name(), reference.descriptor());
        if (reference.isConstructor()) {
            // constructors are not inherited
            Integer access = owner.model().methods().get(key);
            return access == null
                    ? Optional.of("missing " + reference.describe())
                    : accessProblem(reference, owner, access);
        }
        return memberProblem(reference, owner, key, ClassModel::methods);
    }

    private Optional<String> fieldProblem(Reference reference, Found owner) {
        return memberProblem(reference, owner, ClassModel.memberKey(reference.name(), reference.descriptor()),
                ClassModel::fields);
    }

    private Optional<String> memberProblem(Reference reference, Found owner, String key,
            Function<ClassModel, Map<String, Integer>> members) {
        Hierarchy hierarchy = Hierarchy.of(index, owner);
        for (Found declaring : hierarchy.searchOrder()) {
            Integer access = members.apply(declaring.model()).get(key);
            if (access != null) {
                boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
                if (isStatic != reference.staticUse()) {
                    return Optional.of(reference.describe() + " is " + (isStatic ? "static" : "not static")
                            + " in " + Reference.javaName(declaring.model().name()));
                }
                return accessProblem(reference, declaring, access);
            }
        }
        String why = hierarchy.missing().isEmpty() ? ""
                : " (supertypes not found: " + String.join(", ", hierarchy.missing()).replace('/', '.') + ")";
        return Optional.of("missing " + reference.describe() + why);
    }

    /** Adapters never share a package with the API, so only public and protected API members are reachable. */
    private static Optional<String> accessProblem(Reference reference, Found declaring, int access) {
        if (declaring.origin() != Origin.API) {
            return Optional.empty();
        }
        if ((access & Opcodes.ACC_PRIVATE) != 0) {
            return Optional.of(reference.describe() + " is private");
        }
        if ((access & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED)) == 0) {
            return Optional.of(reference.describe() + " is package-private");
        }
        return Optional.empty();
    }
}
