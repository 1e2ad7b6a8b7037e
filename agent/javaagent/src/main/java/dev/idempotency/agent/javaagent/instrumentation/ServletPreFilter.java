package dev.idempotency.agent.javaagent.instrumentation;

import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import java.util.List;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

/**
 * Wraps Byte Buddy's transformer so that only classes that may be servlets or filters reach it.
 * Byte Buddy would otherwise parse every class of every loader that sees the servlet API (all of
 * Tomcat, Jackson, the JDBC driver...) and walk its hierarchy, which was most of the agent's
 * start-up CPU, JIT compilation of the parser included.
 */
final class ServletPreFilter extends ResettableClassFileTransformer.WithDelegation {

    private static final String[] NEVER_SERVLETS = {"java/", "jdk/", "sun/", "com/sun/", "dev/idempotency/agent/"};

    private final List<CanSee> apis;
    private final ServletHierarchy hierarchy;

    ServletPreFilter(ResettableClassFileTransformer precise, List<CanSee> apis, ServletHierarchy hierarchy) {
        super(precise);
        this.apis = apis;
        this.hierarchy = hierarchy;
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
            byte[] bytes) throws IllegalClassFormatException {
        return candidate(loader, name, bytes)
                ? classFileTransformer.transform(loader, name, redefined, domain, bytes)
                : null;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
            ProtectionDomain domain, byte[] bytes) throws IllegalClassFormatException {
        return candidate(loader, name, bytes)
                ? classFileTransformer.transform(module, loader, name, redefined, domain, bytes)
                : null;
    }

    private boolean candidate(ClassLoader loader, String name, byte[] bytes) {
        if (loader == null || name == null || bytes == null) {
            return false; // the bootstrap path and hidden classes hold no servlets
        }
        for (String prefix : NEVER_SERVLETS) {
            if (name.startsWith(prefix)) {
                return false;
            }
        }
        return seesAnApi(loader) && hierarchy.mayImplement(loader, name, bytes);
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
