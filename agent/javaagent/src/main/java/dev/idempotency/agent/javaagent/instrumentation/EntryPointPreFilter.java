package dev.idempotency.agent.javaagent.instrumentation;

import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import net.bytebuddy.agent.builder.ResettableClassFileTransformer;

/**
 * Wraps Byte Buddy's transformer so that only classes an instrumentation may want reach it.
 * Byte Buddy would otherwise parse every class of every loader that sees the servlet API (all of
 * Tomcat, Jackson, the JDBC driver...) and walk its hierarchy, which was most of the agent's
 * start-up CPU, JIT compilation of the parser included.
 */
final class EntryPointPreFilter extends ResettableClassFileTransformer.WithDelegation {

    private final EntryPointCandidates candidates;

    EntryPointPreFilter(ResettableClassFileTransformer precise, EntryPointCandidates candidates) {
        super(precise);
        this.candidates = candidates;
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
            byte[] bytes) throws IllegalClassFormatException {
        return candidates.mayBeInstrumented(loader, name, bytes)
                ? classFileTransformer.transform(loader, name, redefined, domain, bytes)
                : null;
    }

    @Override
    public byte[] transform(Module module, ClassLoader loader, String name, Class<?> redefined,
            ProtectionDomain domain, byte[] bytes) throws IllegalClassFormatException {
        return candidates.mayBeInstrumented(loader, name, bytes)
                ? classFileTransformer.transform(module, loader, name, redefined, domain, bytes)
                : null;
    }
}
