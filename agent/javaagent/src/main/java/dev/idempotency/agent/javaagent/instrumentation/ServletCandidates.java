package dev.idempotency.agent.javaagent.instrumentation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which classes may be servlets or filters, decided from the class file being defined: its
 * loader must see a servlet API and its header hierarchy must reach {@code Servlet} or
 * {@code Filter}. Uses no Byte Buddy type, so it can run before Byte Buddy is loaded.
 */
final class ServletCandidates {

    private static final String[] NEVER_SERVLETS = {"java/", "jdk/", "sun/", "com/sun/", "dev/idempotency/agent/"};

    private final List<CanSee> apis;
    private final ServletHierarchy hierarchy;

    private ServletCandidates(List<CanSee> apis, ServletHierarchy hierarchy) {
        this.apis = apis;
        this.hierarchy = hierarchy;
    }

    /** Servlets and filters of the given API namespaces ({@code javax}, {@code jakarta}). */
    static ServletCandidates of(List<String> namespaces) {
        List<CanSee> apis = new ArrayList<>();
        Set<String> entryInterfaces = new HashSet<>();
        for (String namespace : namespaces) {
            apis.add(new CanSee(namespace + ".servlet.Servlet"));
            entryInterfaces.add(namespace + "/servlet/Servlet");
            entryInterfaces.add(namespace + "/servlet/Filter");
        }
        return new ServletCandidates(apis, new ServletHierarchy(entryInterfaces));
    }

    boolean mayBeServlet(ClassLoader loader, String internalName, byte[] bytes) {
        if (loader == null || internalName == null || bytes == null) {
            return false; // the bootstrap path and hidden classes hold no servlets
        }
        for (String prefix : NEVER_SERVLETS) {
            if (internalName.startsWith(prefix)) {
                return false;
            }
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
