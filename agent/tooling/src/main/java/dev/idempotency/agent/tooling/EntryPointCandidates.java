package dev.idempotency.agent.tooling;

import java.util.LinkedHashSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.stream.Collectors;

/**
 * Which classes an instrumentation may want, decided from the class file being defined, with the
 * names the instrumentations give: the module systems' class resolution (JBoss Modules, Felix,
 * Equinox) and the JAX-RS runtimes' dispatch classes by exact name; servlets and filters when the
 * loader sees a servlet API and the header
 * hierarchy reaches {@code Servlet} or {@code Filter}. Parses no class with Byte Buddy, so it can
 * run before Byte Buddy's builder exists; the instrumentations' own matchers then decide precisely.
 *
 * <p>A class only a disabled group wants is passed over, and the events hear of it: the protection
 * check can then name the group as the cause of an unprotected endpoint. A JAX-RS runtime's
 * dispatch class in a loader no group of it accepts (a version older than every group's range,
 * RESTEasy 3.0 to 3.4, say) is reported once per loader: its resource methods go unseen. An HTTP
 * runtime no group has an adapter for is reported once, by a class it defines to serve
 * ({@link UnprotectedRuntimes}).
 */
final class EntryPointCandidates {

    /**
     * Not all of {@code com/sun/}: the JDK's own classes there are defined by the bootstrap and
     * platform loaders, which see no servlet API, while libraries ship servlets and filters under
     * that name (Jersey 1's {@code com.sun.jersey}, Metro's {@code com.sun.xml.ws}, Mojarra's
     * {@code com.sun.faces}). The proxies the JDK generates in any loader stay out.
     */
    private static final String[] NEVER_SERVLETS = {"java/", "jdk/", "sun/", "com/sun/proxy/", "dev/idempotency/agent/"};

    /** Internal names of the classes every start instruments, whatever the config. */
    private static final Set<String> INFRASTRUCTURE = BootDelegation.CLASS_NAMES.stream()
            .map(EntryPointCandidates::internalName).collect(Collectors.collectingAndThen(Collectors.toSet(), Collections::unmodifiableSet));

    /** Internal name to the groups that want the class by that name, enabled groups first. */
    private final Map<String, List<InstrumentationGroup>> byName;
    private final List<ByInterface> byInterface;
    private final Set<String> disabledGroups;
    private final InstrumentationEvents events;
    private final UnprotectedRuntimes unprotectedRuntimes;
    /** Loaders already reported for a JAX-RS runtime no group supports there. Weak: applications undeploy. */
    private final Map<ClassLoader, Boolean> unsupportedReported = Collections.synchronizedMap(new WeakHashMap<>());

    private EntryPointCandidates(Map<String, List<InstrumentationGroup>> byName, List<ByInterface> byInterface,
            Set<String> disabledGroups, InstrumentationEvents events) {
        this.byName = byName;
        this.byInterface = byInterface;
        this.disabledGroups = disabledGroups;
        this.events = events;
        this.unprotectedRuntimes = new UnprotectedRuntimes(events);
    }

    /** The candidates of every group in {@code all}; those of {@code disabledGroups} are only reported. */
    static EntryPointCandidates of(List<InstrumentationGroup> all, Collection<String> disabledGroups,
            InstrumentationEvents events) {
        List<InstrumentationGroup> enabledFirst = new ArrayList<>(InstrumentationCatalog.enabled(all, disabledGroups));
        for (InstrumentationGroup instrumentation : all) {
            if (!enabledFirst.contains(instrumentation)) {
                enabledFirst.add(instrumentation);
            }
        }
        Map<String, List<InstrumentationGroup>> byName = new HashMap<>();
        List<ByInterface> byInterface = new ArrayList<>();
        ClassFileResources classFiles = ClassFileResources.ofThisJvm();
        for (InstrumentationGroup instrumentation : enabledFirst) {
            for (String className : instrumentation.classNames()) {
                byName.computeIfAbsent(internalName(className), ignored -> new ArrayList<>()).add(instrumentation);
            }
            if (!instrumentation.entryInterfaces().isEmpty()) {
                Set<String> targets = new HashSet<>();
                instrumentation.entryInterfaces().forEach(name -> targets.add(internalName(name)));
                byInterface.add(new ByInterface(instrumentation, new ImplementorScan(targets, classFiles)));
            }
        }
        return new EntryPointCandidates(byName, byInterface, Collections.unmodifiableSet(new LinkedHashSet<>(disabledGroups)), events);
    }

    boolean mayBeInstrumented(ClassLoader loader, String internalName, byte[] bytes) {
        if (loader == null || internalName == null || bytes == null) {
            return false; // the bootstrap path and hidden classes hold no servlets
        }
        unprotectedRuntimes.defined(internalName);
        if (isJdkOrAgent(internalName)) {
            return false;
        }
        if (INFRASTRUCTURE.contains(internalName)) {
            return true;
        }
        InstrumentationGroup wanting = wanting(loader, internalName, bytes);
        if (wanting == null) {
            return false;
        }
        if (disabledGroups.contains(wanting.group())) {
            events.disabledGroupPassedOver(wanting.group(), internalName.replace('/', '.'));
            return false;
        }
        return true;
    }

    /**
     * Whether an instrumentation may want {@code loaded}, a class defined before this pre-filter
     * was registered, so without its class file: by its own name, or by an entry interface in its
     * hierarchy, read from the loaded classes themselves (a class's supertypes are loaded with it).
     */
    boolean mayWantLoaded(Class<?> loaded) {
        String name = internalName(loaded.getName());
        unprotectedRuntimes.defined(name);
        if (loaded.getClassLoader() == null || isJdkOrAgent(name)) {
            return false;
        }
        if (INFRASTRUCTURE.contains(name) || byName.containsKey(name)) {
            return true;
        }
        Set<String> supertypes = new HashSet<>();
        addSupertypes(loaded, supertypes);
        for (ByInterface candidate : byInterface) {
            if (!Collections.disjoint(candidate.implementors.targets(), supertypes)) {
                return true;
            }
        }
        return false;
    }

    private static void addSupertypes(Class<?> type, Set<String> names) {
        for (Class<?> at = type; at != null; at = at.getSuperclass()) {
            for (Class<?> implemented : at.getInterfaces()) {
                if (names.add(internalName(implemented.getName()))) {
                    addSupertypes(implemented, names);
                }
            }
        }
    }

    /** The JDK's classes and the agent's own are never instrumented, whatever a group wants. */
    static boolean isJdkOrAgent(String internalName) {
        for (String prefix : NEVER_SERVLETS) {
            if (internalName.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private InstrumentationGroup wanting(ClassLoader loader, String internalName, byte[] bytes) {
        List<InstrumentationGroup> named = byName.get(internalName);
        if (named != null) {
            for (InstrumentationGroup instrumentation : named) {
                if (instrumentation.classLoaderMatcher().matches(loader)) {
                    return instrumentation;
                }
            }
            reportUnsupportedRuntime(loader, internalName, named);
        }
        for (ByInterface candidate : byInterface) {
            if (candidate.instrumentation.classLoaderMatcher().matches(loader)
                    && candidate.implementors.mayImplement(loader, internalName, bytes)) {
                return candidate.instrumentation;
            }
        }
        return null;
    }

    /**
     * A JAX-RS runtime's dispatch class that no group of it takes in this loader: the runtime is of
     * a version none supports, so the agent never sees its resource methods. Said once per loader.
     */
    private void reportUnsupportedRuntime(ClassLoader loader, String internalName,
            List<InstrumentationGroup> named) {
        List<String> supported = new ArrayList<>();
        for (InstrumentationGroup instrumentation : named) {
            if (instrumentation.role() == GroupRole.JAXRS) {
                supported.add(instrumentation.supports());
            }
        }
        if (supported.isEmpty() || unsupportedReported.putIfAbsent(loader, Boolean.TRUE) != null) {
            return;
        }
        events.failed(internalName.replace('/', '.') + " in " + loader + " belongs to a version of its JAX-RS "
                + "runtime that no instrumentation group supports (" + String.join("; ", supported) + "), so the "
                + "agent does not see its resource methods: endpoints declared by resource-method alone are "
                + "UNPROTECTED there, and its requests are protected only where a servlet container in front "
                + "matches their path: declare path: for them, relative to the JAX-RS application root, which the "
                + "servlet adapter matches below the runtime's dispatcher servlet");
    }

    private static String internalName(String binaryName) {
        return binaryName.replace('.', '/');
    }

    /** A group that wants the implementations of its entry interfaces, with the hierarchies seen so far. */
    private static final class ByInterface {
        final InstrumentationGroup instrumentation;
        final ImplementorScan implementors;

        ByInterface(InstrumentationGroup instrumentation, ImplementorScan implementors) {
            this.instrumentation = instrumentation;
            this.implementors = implementors;
        }
    }
}
