package dev.idempotency.agent.core.route;

import java.util.Collections;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The resource methods declared for one JAX-RS resource class, by method name: those declared on
 * the class itself and on its superclasses and interfaces (JAX-RS annotations are inherited, so
 * an operator may name the interface that carries them). The nearest type's declaration wins.
 * Built once per resource class, when the runtime first dispatches to it.
 */
final class ResourceRoutes {

    static final ResourceRoutes NONE = new ResourceRoutes(Collections.emptyMap());

    private final Map<String, EndpointPolicy> byMethodName;

    private ResourceRoutes(Map<String, EndpointPolicy> byMethodName) {
        this.byMethodName = byMethodName;
    }

    EndpointPolicy forMethod(String methodName) {
        return byMethodName.get(methodName);
    }

    /**
     * Collects the declarations of {@code resource}'s type hierarchy from {@code declared}
     * (class name → method name → endpoint); each declaration naming a method its type does not
     * have is reported to {@code warnings}, with the closest method names it does have.
     */
    static ResourceRoutes of(Class<?> resource, Map<String, Map<String, EndpointPolicy>> declared,
            DeclarationWarnings warnings) {
        Map<String, EndpointPolicy> byMethodName = new HashMap<>();
        for (Class<?> type : hierarchy(resource)) {
            Map<String, EndpointPolicy> onType = declared.get(type.getName());
            if (onType == null) {
                continue;
            }
            Set<String> methods = publicMethodNames(type);
            for (Map.Entry<String, EndpointPolicy> declaration : onType.entrySet()) {
                byMethodName.putIfAbsent(declaration.getKey(), declaration.getValue());
                if (!methods.contains(declaration.getKey())) {
                    warnings.warn(declaration.getValue(), "resource-method " + type.getName() + "#"
                            + declaration.getKey() + " names no public method of " + type.getName()
                            + ", so this endpoint protects nothing; closest: " + closest(declaration.getKey(), methods));
                }
            }
        }
        return byMethodName.isEmpty() ? NONE : new ResourceRoutes(byMethodName);
    }

    /** The class, then its superclasses and all interfaces, nearest first. */
    private static Set<Class<?>> hierarchy(Class<?> resource) {
        Set<Class<?>> types = new LinkedHashSet<>();
        Deque<Class<?>> pending = new ArrayDeque<>();
        pending.add(resource);
        while (!pending.isEmpty()) {
            Class<?> type = pending.poll();
            if (type == Object.class || !types.add(type)) {
                continue;
            }
            if (type.getSuperclass() != null) {
                pending.add(type.getSuperclass());
            }
            for (Class<?> implemented : type.getInterfaces()) {
                pending.add(implemented);
            }
        }
        return types;
    }

    private static Set<String> publicMethodNames(Class<?> type) {
        Set<String> names = new TreeSet<>();
        for (Method method : type.getMethods()) {
            if (method.getDeclaringClass() != Object.class) {
                names.add(method.getName());
            }
        }
        return names;
    }

    /** Up to three names, nearest by edit distance first. */
    static String closest(String typed, Set<String> names) {
        List<String> sorted = new ArrayList<>(names);
        sorted.sort(Comparator.comparingInt((String name) -> distance(typed, name)).thenComparing(name -> name));
        List<String> nearest = sorted.subList(0, Math.min(3, sorted.size()));
        return nearest.isEmpty() ? "(the class has no public methods)" : String.join(", ", nearest);
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
