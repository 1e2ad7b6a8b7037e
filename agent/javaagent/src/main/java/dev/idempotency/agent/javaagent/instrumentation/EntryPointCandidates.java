package dev.idempotency.agent.javaagent.instrumentation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which classes an instrumentation may want, decided from the class file being defined: the
 * JAX-RS runtimes' dispatch classes and JBoss Modules' {@code Module} by exact name; servlets and filters when the loader sees a
 * servlet API and the header hierarchy reaches {@code Servlet} or {@code Filter}. Uses no Byte
 * Buddy type, so it can run before Byte Buddy is loaded; the instrumentations' own matchers then
 * decide precisely.
 */
final class EntryPointCandidates {

    /** Internal names of the classes instrumented by name (constants, inlined). */
    private static final Set<String> BY_NAME = Set.of(
            BootDelegation.JBOSS_MODULE.replace('.', '/'),
            JaxrsInstrumentation.JERSEY_INVOKER.replace('.', '/'),
            JaxrsInstrumentation.RESTEASY_DISPATCHER.replace('.', '/'),
            JaxrsInstrumentation.RESTEASY_RESPONSE_WRITER.replace('.', '/'));

    private static final String[] NEVER_SERVLETS = {"java/", "jdk/", "sun/", "com/sun/", "dev/idempotency/agent/"};

    private final List<CanSee> apis;
    private final ServletHierarchy hierarchy;

    private EntryPointCandidates(List<CanSee> apis, ServletHierarchy hierarchy) {
        this.apis = apis;
        this.hierarchy = hierarchy;
    }

    /** The JAX-RS runtime classes, and the servlets and filters of the given API namespaces ({@code javax}, {@code jakarta}). */
    static EntryPointCandidates of(List<String> namespaces) {
        List<CanSee> apis = new ArrayList<>();
        Set<String> entryInterfaces = new HashSet<>();
        for (String namespace : namespaces) {
            apis.add(new CanSee(namespace + ".servlet.Servlet"));
            entryInterfaces.add(namespace + "/servlet/Servlet");
            entryInterfaces.add(namespace + "/servlet/Filter");
        }
        return new EntryPointCandidates(apis, new ServletHierarchy(entryInterfaces));
    }

    boolean mayBeInstrumented(ClassLoader loader, String internalName, byte[] bytes) {
        if (loader == null || internalName == null || bytes == null) {
            return false; // the bootstrap path and hidden classes hold no servlets
        }
        for (String prefix : NEVER_SERVLETS) {
            if (internalName.startsWith(prefix)) {
                return false;
            }
        }
        if (BY_NAME.contains(internalName)) {
            return true;
        }
        return seesAnApi(loader) && hierarchy.mayImplement(loader, internalName, bytes);
    }

    private boolean seesAnApi(ClassLoader loader) {
        for (CanSee api : apis) {
            if (api.matches(loader)) {
                return true;
            }
        }
        return false;
    }
}
