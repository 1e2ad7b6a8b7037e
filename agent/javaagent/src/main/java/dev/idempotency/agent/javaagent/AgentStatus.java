package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.EndpointConfig;
import dev.idempotency.agent.tooling.GroupRole;
import dev.idempotency.agent.tooling.InstrumentationEvents;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreFootprint;
import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    /** The groups {@code instrumentation.disabled} switches off, in the order of the config. */
    private final List<String> disabledGroups;
    /** Per disabled group, the first class it passed over: the application uses that group's API. */
    private final Map<String, String> passedOver = new ConcurrentHashMap<>();
    private final List<String> declared = new ArrayList<>();
    /** Parallel to {@link #declared}: whether the endpoint is declared by its JAX-RS resource method. */
    private final List<Boolean> byResourceMethod = new ArrayList<>();
    /** Per loader ({@code null}: the bootstrap loader), the entry points instrumented in it. */
    private final Map<ClassLoader, Set<String>> instrumented = Collections.synchronizedMap(new WeakHashMap<>());
    /** Per loader, the roles of the classes instrumented in it. */
    private final Map<ClassLoader, Set<GroupRole>> roles = Collections.synchronizedMap(new WeakHashMap<>());
    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private volatile RunningAgent runtime;

    AgentStatus(AgentConfig config) {
        this.configFile = config.source().toAbsolutePath().normalize().toString();
        this.disabledGroups = config.instrumentation().disabled();
        for (EndpointConfig endpoint : config.endpoints()) {
            // both, when both are declared: a request matches the endpoint by either
            List<String> forms = new ArrayList<>();
            endpoint.path().ifPresent(path -> forms.add(path.toString()));
            endpoint.resourceMethod().ifPresent(method -> forms.add(method.toString()));
            declared.add(endpoint.name() + " " + endpoint.method() + " " + String.join(" ", forms));
            byResourceMethod.add(endpoint.resourceMethod().isPresent());
        }
    }

    void running(RunningAgent started) {
        this.runtime = started;
    }

    /** A warning said on stderr is kept here too, on one line as there. */
    private void warned(String message) {
        if (warnings.size() < MAX_WARNINGS) {
            warnings.add(Diagnostics.oneLine(message));
        }
    }

    /** Says a warning on stderr and keeps it for {@code status}. */
    void warn(String message) {
        Diagnostics.warn(message);
        warned(message);
    }

    /** Says an error on stderr (with its cause chain) and keeps it, with its cause, for {@code status}. */
    void error(String message, Throwable failure) {
        Diagnostics.error(message, failure);
        warned(failure == null ? message : message + ": " + failure);
    }

    /** As {@link Diagnostics#errorOnce}, kept for {@code status} the once it is said. */
    void errorOnce(String where, Throwable failure) {
        if (Diagnostics.errorOnce(where, failure)) {
            warned(where + ": " + failure);
        }
    }

    @Override
    public void instrumented(String typeName, ClassLoader loader, GroupRole role) {
        String entryPoint = typeName + " in " + (loader == null ? "the bootstrap loader" : loader.getClass().getName()
                + "@" + Integer.toHexString(System.identityHashCode(loader)));
        instrumented.computeIfAbsent(loader, ignored -> ConcurrentHashMap.newKeySet()).add(entryPoint);
        if (role != null) {
            roles.computeIfAbsent(loader, ignored -> ConcurrentHashMap.newKeySet()).add(role);
        }
    }

    @Override
    public void disabledGroupPassedOver(String group, String className) {
        passedOver.putIfAbsent(group, className);
    }

    @Override
    public void failed(String problem) {
        warn(problem);
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
        RunningAgent started = runtime;
        return started == null ? "" : started.storeKind();
    }

    @Override
    public boolean isStoreReachable() {
        RunningAgent started = runtime;
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
    public long getStoreRecords() {
        return footprint().map(StoreFootprint::records).orElse(-1L);
    }

    @Override
    public long getStoreBytesOnDisk() {
        return footprint().map(StoreFootprint::bytesOnDisk).orElse(-1L);
    }

    private Optional<StoreFootprint> footprint() {
        RunningAgent started = runtime;
        if (started == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(started.store().footprint());
        } catch (RuntimeException unavailable) {
            return Optional.empty();
        }
    }

    @Override
    public String[] getDisabledInstrumentationGroups() {
        return disabledGroups.stream().map(group -> {
            String className = passedOver.get(group);
            return group + (className == null ? ": none of its classes loaded so far"
                    : ": left uninstrumented, e.g. " + className);
        }).toArray(String[]::new);
    }

    /** The groups {@code instrumentation.disabled} switches off. */
    List<String> disabledGroups() {
        return disabledGroups;
    }

    /**
     * Per disabled group whose classes the application loaded, the first of them: such a group
     * would have served an entry point.
     */
    Map<String, String> passedOverGroups() {
        Map<String, String> inConfigOrder = new LinkedHashMap<>();
        for (String group : disabledGroups) {
            String className = passedOver.get(group);
            if (className != null) {
                inConfigOrder.put(group, className);
            }
        }
        return inConfigOrder;
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

    /**
     * A path is served by any servlet, filter or JAX-RS runtime instrumented in a live loader; a
     * resource method only by a JAX-RS runtime.
     */
    @Override
    public String[] getUnprotectedEndpoints() {
        Set<GroupRole> live = liveKinds();
        List<String> unprotected = new ArrayList<>();
        for (int i = 0; i < declared.size(); i++) {
            boolean served = byResourceMethod.get(i) ? live.contains(GroupRole.JAXRS)
                    : live.contains(GroupRole.SERVLET) || live.contains(GroupRole.JAXRS);
            if (!served) {
                unprotected.add(declared.get(i));
            }
        }
        return unprotected.toArray(new String[0]);
    }

    /** Servlets or filters are instrumented, but no JAX-RS runtime. */
    boolean servesPathsOnly() {
        Set<GroupRole> live = liveKinds();
        return live.contains(GroupRole.SERVLET) && !live.contains(GroupRole.JAXRS);
    }

    private Set<GroupRole> liveKinds() {
        Set<GroupRole> live = EnumSet.noneOf(GroupRole.class);
        synchronized (roles) {
            roles.values().forEach(live::addAll);
        }
        return live;
    }

    @Override
    public String[] getEndpointEntryPoints() {
        RunningAgent started = runtime;
        if (started == null) {
            return new String[0];
        }
        List<String> lines = new ArrayList<>();
        started.entryPointsByEndpoint().forEach((endpoint, entryPoints) ->
                entryPoints.forEach(entryPoint -> lines.add(endpoint + ": " + entryPoint)));
        return lines.toArray(new String[0]);
    }

    @Override
    public String[] getUndeclaredRequests() {
        RunningAgent started = runtime;
        return started == null ? new String[0] : started.undeclaredRequests().lines();
    }

    @Override
    public String getUndeclaredEndpointsSkeleton() {
        RunningAgent started = runtime;
        return started == null ? "" : started.undeclaredRequests().endpointsSkeleton();
    }

    @Override
    public String[] getWarnings() {
        return warnings.toArray(new String[0]);
    }
}
