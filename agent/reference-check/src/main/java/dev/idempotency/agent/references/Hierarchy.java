package dev.idempotency.agent.references;

import dev.idempotency.agent.references.ClassIndex.Found;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A class with all its supertypes, in the order the JVM searches them for a member: the class and
 * its superclasses, then every interface they implement. Supertypes that cannot be found are
 * named, so a member that seems missing can say why.
 */
record Hierarchy(List<Found> classes, List<Found> interfaces, Set<String> missing) {

    static Hierarchy of(ClassIndex index, Found start) {
        List<Found> classes = new ArrayList<>();
        List<Found> interfaces = new ArrayList<>();
        Set<String> missing = new LinkedHashSet<>();
        Deque<String> pendingInterfaces = new ArrayDeque<>();
        Set<String> seenInterfaces = new LinkedHashSet<>();

        Found current = start;
        while (current != null) {
            classes.add(current);
            pendingInterfaces.addAll(current.model().interfaces());
            String superName = current.model().superName();
            if (superName == null) {
                break;
            }
            Optional<Found> superclass = index.find(superName);
            if (superclass.isEmpty()) {
                missing.add(superName);
            }
            current = superclass.orElse(null);
        }
        while (!pendingInterfaces.isEmpty()) {
            String name = pendingInterfaces.poll();
            if (!seenInterfaces.add(name)) {
                continue;
            }
            Optional<Found> implemented = index.find(name);
            if (implemented.isEmpty()) {
                missing.add(name);
                continue;
            }
            interfaces.add(implemented.get());
            pendingInterfaces.addAll(implemented.get().model().interfaces());
        }
        return new Hierarchy(List.copyOf(classes), List.copyOf(interfaces), Set.copyOf(missing));
    }

    /** Classes first, then interfaces: the search order for a method or field. */
    List<Found> searchOrder() {
        List<Found> all = new ArrayList<>(classes);
        all.addAll(interfaces);
        return all;
    }
}
