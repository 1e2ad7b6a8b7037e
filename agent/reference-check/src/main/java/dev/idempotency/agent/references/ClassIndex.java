package dev.idempotency.agent.references;

import dev.idempotency.agent.references.ClassSource.Origin;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The classes one adapter's loader will see, in the order it looks: the adapter, the agent's
 * bridge, the API of one version, then the JDK. Parsed on first use, once.
 */
final class ClassIndex {

    /** A class and where it was found. */
    record Found(ClassModel model, Origin origin) {
    }

    private final List<ClassSource> sources;
    private final Map<String, Optional<Found>> cache = new HashMap<>();

    ClassIndex(List<ClassSource> sources) {
        List<ClassSource> withJdk = new ArrayList<>(sources);
        withJdk.add(JdkClasses.RUNNING);
        this.sources = List.copyOf(withJdk);
    }

    Optional<Found> find(String internalName) {
        return cache.computeIfAbsent(internalName, this::load);
    }

    private Optional<Found> load(String internalName) {
        for (ClassSource source : sources) {
            Optional<byte[]> classFile = source.classFile(internalName);
            if (classFile.isPresent()) {
                return Optional.of(new Found(ClassModel.read(classFile.get()), source.origin()));
            }
        }
        return Optional.empty();
    }
}
