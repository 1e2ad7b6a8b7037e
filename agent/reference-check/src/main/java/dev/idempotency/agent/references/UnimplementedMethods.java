package dev.idempotency.agent.references;

import dev.idempotency.agent.references.ClassIndex.Found;
import dev.idempotency.agent.references.ClassSource.Origin;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.objectweb.asm.Opcodes;

/**
 * An adapter class that extends or implements an API type must still implement every abstract
 * method that type has in each claimed version: a method the API made abstract later (or one that
 * was abstract before it got a default body) surfaces as {@code AbstractMethodError} only when the
 * container calls it.
 */
final class UnimplementedMethods {

    private UnimplementedMethods() {
    }

    static List<Mismatch> of(ClassIndex index, Found adapterClass) {
        ClassModel model = adapterClass.model();
        if (model.isInterface() || model.isAbstract()) {
            return List.of();
        }
        Hierarchy hierarchy = Hierarchy.of(index, adapterClass);
        if (!hierarchy.missing().isEmpty()) {
            // a supertype the API version lacks, or a jar missing from its directory: either way unchecked
            return List.of(new Mismatch(model.name(), "cannot be checked for abstract methods: supertypes not found: "
                    + String.join(", ", hierarchy.missing()).replace('/', '.')));
        }
        Set<String> implemented = new HashSet<>();
        Map<String, Found> abstractMethods = new LinkedHashMap<>();
        for (Found type : hierarchy.searchOrder()) {
            for (Map.Entry<String, Integer> method : type.model().methods().entrySet()) {
                int access = method.getValue();
                if ((access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) != 0) {
                    continue;
                }
                if ((access & Opcodes.ACC_ABSTRACT) != 0) {
                    abstractMethods.putIfAbsent(method.getKey(), type);
                } else {
                    implemented.add(method.getKey());
                }
            }
        }
        List<Mismatch> mismatches = new ArrayList<>();
        abstractMethods.forEach((key, declaring) -> {
            if (!implemented.contains(key) && declaring.origin() == Origin.API) {
                int parameters = key.indexOf('(');
                Reference method = Reference.toMethod(model.name(), declaring.model().name(),
                        key.substring(0, parameters), key.substring(parameters), false, declaring.model().isInterface(), null);
                mismatches.add(new Mismatch(model.name(), "does not implement abstract " + method.describe()));
            }
        });
        return mismatches;
    }
}
