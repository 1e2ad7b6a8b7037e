package dev.idempotency.agent.references;

import dev.idempotency.agent.references.ClassIndex.Found;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Checks every class of one adapter against what its loader sees with one API version; a use the
 * optional-reference rule leaves out for this version ({@link OptionalReferences}) is not checked.
 */
final class ReferenceCheck {

    /** The mismatches found, and how many references reached the API (none means nothing was checked). */
    record Result(List<Mismatch> mismatches, int apiReferences) {
    }

    private ReferenceCheck() {
    }

    /**
     * @param adapter the adapter's classes
     * @param visible what else the adapter's loader sees, in its order (the bridge, the API jars);
     *                the JDK comes last by itself
     */
    static Result run(ClassSource adapter, List<ClassSource> visible) {
        List<ClassSource> sources = new ArrayList<>();
        sources.add(adapter);
        sources.addAll(visible);
        ClassIndex index = new ClassIndex(sources);
        ReferenceResolver resolver = new ReferenceResolver(index);

        Map<String, Set<Reference>> referencesByClass = new TreeMap<>();
        for (String className : adapter.classNames()) {
            referencesByClass.put(className, ReferenceCollector.collect(adapter.classFile(className).orElseThrow()));
        }
        OptionalReferences optional = new OptionalReferences(index,
                referencesByClass.values().stream().flatMap(Set::stream).collect(Collectors.toList()));

        List<Mismatch> mismatches = new ArrayList<>();
        int apiReferences = 0;
        for (Map.Entry<String, Set<Reference>> byClass : referencesByClass.entrySet()) {
            String className = byClass.getKey();
            for (Reference reference : byClass.getValue()) {
                if (!optional.isNeeded(reference)) {
                    continue;
                }
                if (resolver.reachesApi(reference)) {
                    apiReferences++;
                }
                resolver.problemWith(reference)
                        .ifPresent(problem -> mismatches.add(new Mismatch(reference.user(), problem)));
            }
            Found adapterClass = index.find(className).orElseThrow();
            mismatches.addAll(UnimplementedMethods.of(index, adapterClass));
        }
        return new Result(List.copyOf(mismatches), apiReferences);
    }
}
