package dev.idempotency.agent.tooling.modules;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.tooling.ClassFileResources;
import dev.idempotency.agent.tooling.JvmModules;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandles;
import java.util.Collections;
import java.util.Map;
import java.util.Set;

/** {@link JvmModules} on a JVM with the module system (Java 9 on); loaded by name, never on Java 8. */
public final class ModuleAccess implements JvmModules {

    @Override
    public MethodHandles.Lookup privateLookupInClassLoader(Instrumentation instrumentation) throws ReflectiveOperationException {
        Module agent = ModuleAccess.class.getModule();
        Module javaBase = Object.class.getModule();
        // On Java 9 to 16, --illegal-access=permit (their default) also opens java.lang to every
        // unnamed module, and an access that relies on that is warned of at every start: there it is
        // always opened explicitly, which the JVM does not warn of.
        if (Runtime.version().major() < 17 || !javaBase.isOpen("java.lang", agent)) {
            instrumentation.redefineModule(javaBase, Collections.emptySet(), Collections.emptyMap(),
                    Collections.singletonMap("java.lang", Collections.singleton(agent)), Collections.emptySet(),
                    Collections.emptyMap());
        }
        return MethodHandles.privateLookupIn(ClassLoader.class, MethodHandles.lookup());
    }

    @Override
    public void readBridge(Instrumentation instrumentation, String name) {
        Module module = ModuleLayer.boot().findModule(name).orElseThrow(() -> new IllegalArgumentException("no module " + name));
        Module bridge = Bridge.class.getModule();
        if (!module.canRead(bridge)) {
            Map<String, Set<Module>> none = Collections.emptyMap();
            instrumentation.redefineModule(module, Collections.singleton(bridge), none, none,
                    Collections.emptySet(), Collections.emptyMap());
        }
    }

    @Override
    public boolean hasModule(String name) {
        return ModuleLayer.boot().findModule(name).isPresent();
    }

    @Override
    public ClassFileResources classFileResources() {
        return ModuleClassFileResources.ofThisJvm();
    }
}
