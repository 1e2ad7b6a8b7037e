package dev.idempotency.agent.javaagent.instrumentation;

import java.security.ProtectionDomain;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;

/**
 * Defines the adapter classes in the loader of each instrumented class before that class is
 * defined, so the inlined advice finds them next to the servlet API it was compiled against. Once
 * per loader; the loaders are held weakly so web applications can still be undeployed.
 */
final class HelperInjector implements AgentBuilder.Transformer {

    private final NestedJar helpers;
    private final ClassDefiner definer;
    private final Map<ClassLoader, Boolean> injected = Collections.synchronizedMap(new WeakHashMap<>());

    HelperInjector(NestedJar helpers, ClassDefiner definer) {
        this.helpers = helpers;
        this.definer = definer;
    }

    @Override
    public DynamicType.Builder<?> transform(DynamicType.Builder<?> builder, TypeDescription type,
            ClassLoader loader, JavaModule module, ProtectionDomain protectionDomain) {
        if (loader != null && injected.putIfAbsent(loader, Boolean.TRUE) == null) {
            try {
                definer.define(loader, helpers.classes());
            } catch (RuntimeException | Error failure) {
                injected.remove(loader);
                throw new IllegalStateException("cannot define the " + helpers.name()
                        + " adapter in " + loader + " (needed by " + type.getName() + ")", failure);
            }
        }
        return builder;
    }
}
