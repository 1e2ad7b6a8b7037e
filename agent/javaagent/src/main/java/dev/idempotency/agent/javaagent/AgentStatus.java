package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.EndpointConfig;
import dev.idempotency.agent.javaagent.instrumentation.InstrumentationEvents;
import dev.idempotency.agent.store.RecordState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the agent knows of its own protection: the declarations, the entry points it instrumented
 * (by class and loader), and every warning it gave. Keeps names and strings only, never a class,
 * and loaders only as weak keys, so it pins no application; the entry points of an undeployed
 * application go with its loader, instead of piling up at each redeploy.
 */
final class AgentStatus implements AgentStatusMBean, InstrumentationEvents {

    /** Bounds memory if warnings keep coming; the first ones are the ones that explain. */
    private static final int MAX_WARNINGS = 200;

    private final String configFile;
    private final List<String> declared = new ArrayList<>();
    /** Per loader ({@code null}: the bootstrap loader), the entry points instrumented in it. */
    private final Map<ClassLoader, Set<String>> instrumented = Collections.synchronizedMap(new WeakHashMap<>());
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private volatile Runtime runtime;

    AgentStatus(AgentConfig config) {
        this.configFile = config.source().toAbsolutePath().normalize().toString();
        for (EndpointConfig endpoint : config.endpoints()) {
            declared.add(endpoint.name() + " " + endpoint.method() + " " + endpoint.path().map(Object::toString)
                    .orElseGet(() -> endpoint.resourceMethod().map(Object::toString).orElse("")));
        }
    }

    void running(Runtime started) {
        this.runtime = started;
    }

    /** A warning said on stderr is kept here too. */
    void warned(String message) {
        if (warnings.size() < MAX_WARNINGS) {
            warnings.add(message);
        }
    }

    @Override
    public void instrumented(String typeName, ClassLoader loader) {
        String entryPoint = typeName + " in " + (loader == null ? "the bootstrap loader" : loader.getClass().getName()
                + "@" + Integer.toHexString(System.identityHashCode(loader)));
        instrumented.computeIfAbsent(loader, ignored -> ConcurrentHashMap.newKeySet()).add(entryPoint);
    }

    @Override
    public void failed(String problem) {
        Diagnostics.warn(problem);
        warned(problem);
    }

    @Override
    public String getVersion() {
        return AgentVersion.get();
    }

    @Override
    public String getConfigFile() {
        return configFile;
    }

    @Override
    public String getStoreKind() {
        Runtime started = runtime;
        return started == null ? "" : started.storeKind();
    }

    @Override
    public boolean isStoreReachable() {
        Runtime started = runtime;
        if (started == null) {
            return false;
        }
        try {
            started.store().count(RecordState.UNKNOWN);
            return true;
        } catch (RuntimeException unavailable) {
            return false;
        }
    }

    @Override
    public String[] getDeclaredEndpoints() {
        return declared.toArray(new String[0]);
    }

    @Override
    public String[] getInstrumentedEntryPoints() {
        List<String> entryPoints = new ArrayList<>();
        synchronized (instrumented) {
            instrumented.values().forEach(entryPoints::addAll);
        }
        return entryPoints.stream().sorted().toArray(String[]::new);
    }

    @Override
    public String[] getWarnings() {
        return warnings.toArray(new String[0]);
    }
}
