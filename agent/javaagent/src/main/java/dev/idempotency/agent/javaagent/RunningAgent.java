package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.EndpointConfig;
import dev.idempotency.agent.config.KeeperConfig;
import dev.idempotency.agent.core.attempt.AttemptListener;
import dev.idempotency.agent.core.attempt.RandomUuids;
import dev.idempotency.agent.core.decision.IdempotencyGate;
import dev.idempotency.agent.core.decision.OutcomeWrites;
import dev.idempotency.agent.core.discover.UndeclaredRequests;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.route.RouteTable;
import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.management.ThisProcess;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.OpeningStore;
import dev.idempotency.agent.store.StoreProvider;
import dev.idempotency.agent.store.StoreProviders;
import dev.idempotency.agent.store.StoreThreads;
import dev.idempotency.agent.store.held.HolderFile;
import dev.idempotency.agent.store.keeper.KeeperSettings;
import dev.idempotency.agent.store.keeper.StoreKeeper;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The running agent: the store, the gate the adapters call through the bridge, and the keeper. */
final class RunningAgent {

    /**
     * Opening the store (loading the driver, a first connection, the schema check, H2's recovery
     * of a file left by a killed process) takes seconds on a cold JVM. Requests that arrive
     * meanwhile wait this long on top of the connect timeout, rather than being refused in the
     * service's first seconds. A database that does not answer does not hold the opening up: the
     * pool opens without it and requests then fail within the connect timeout.
     */
    static final Duration OPENING_GRACE = Duration.ofSeconds(10);

    /** How long a stopping JVM waits for the outcomes still queued and the executions still running. */
    static final Duration OUTCOME_DRAIN = Duration.ofSeconds(5);

    /** The thread that opens the store while the application starts. */
    static final String STORE_OPENER_THREAD = "idempotency-store-open";

    private final String storeKind;
    private final String configFile;
    private final OpeningStore store;
    private final IdempotencyGate gate;
    /** The file store's access for the operator's commands; null for a JDBC store. */
    private final FileStoreAccess fileStoreAccess;
    private volatile StoreKeeper keeper;

    private RunningAgent(String storeKind, String configFile, OpeningStore store, IdempotencyGate gate,
            FileStoreAccess fileStoreAccess) {
        this.storeKind = storeKind;
        this.configFile = configFile;
        this.store = store;
        this.gate = gate;
        this.fileStoreAccess = fileStoreAccess;
    }

    /**
     * Builds the gate and installs it on the bridge; from then on declared endpoints are
     * protected. The store opens on its own thread: until it is open, requests to declared
     * endpoints wait for it (at most {@link #OPENING_GRACE} plus the store's connect timeout) and
     * are then refused like during a store outage. A store that cannot be opened is reported on
     * stderr.
     */
    static RunningAgent start(AgentConfig config, AttemptListener attempts, AgentStatus status) {
        List<EndpointPolicy> policies = policies(config);
        StoreSettings settings = config.store();
        StoreProvider provider = StoreProviders.forUrl(settings.url());
        String storeKind = provider.checkUrl(settings.url());
        OpeningStore store = OpeningStore.start(() -> provider.open(settings),
                OPENING_GRACE.plus(settings.connectTimeout()), STORE_OPENER_THREAD);
        OutcomeWrites outcomes = OutcomeWrites.behindResponse(Math.min(settings.poolSize(), OutcomeWrites.WRITERS),
                store);
        IdempotencyGate gate = new IdempotencyGate(new RouteTable(policies), store, ownerId(), attempts,
                TimeSource.system(), outcomes);
        gate.serviceName(config.serviceName());
        Path heldFile = provider.heldFile(settings.url());
        boolean inThisProcess = provider.inThisProcess(settings.url());
        Runtime.getRuntime().addShutdownHook(StoreThreads.named("idempotency-outcomes-drain")
                .newThread(() -> onStop(outcomes, gate, store, inThisProcess)));
        Path storeFile = heldFile == null ? null : heldFile.toAbsolutePath().normalize();
        FileStoreAccess access = storeFile == null ? null : new FileStoreAccess(store, storeFile.toString());
        RunningAgent runtime = new RunningAgent(storeKind,
                config.source().toAbsolutePath().normalize().toString(), store, gate, access);
        KeeperSettings keeping = keeperSettings(config.keeper(), longestLease(policies, config.defaults().lease()));
        store.opened().whenComplete((open, failure) -> {
            runtime.storeOpened(open, failure, keeping, status);
            if (failure == null && access != null) {
                noteHolder(storeFile, access, status);
            }
        });
        Bridge.install(gate);
        return runtime;
    }

    /**
     * The store's housekeeping starts once it is open. A store that cannot be opened (a table of
     * another schema version, say) is said loudly on stderr; requests to declared endpoints then
     * get the endpoint's store-error answer (503 by default), as when the schema check fails on a
     * store that was unreachable at start.
     */
    private void storeOpened(IdempotencyStore open, Throwable failure, KeeperSettings keeping, AgentStatus status) {
        if (failure != null) {
            status.error("the store cannot be opened; requests to declared endpoints get the store-error "
                    + "answer (503 unless on-store-error is fail-open) until the agent is restarted with a usable "
                    + "store", failure);
            return;
        }
        for (String warning : open.warnings()) {
            status.warn(warning);
        }
        keeper = StoreKeeper.start(open, () -> gate.leases().liveLeases(), gate.unansweredClaims(), keeping);
    }

    /**
     * Once the service holds the file store's file, the note beside it tells the operator's
     * commands which process to ask and the secret to show ({@link HolderFile}); it goes when the
     * JVM exits. Made on the thread that opened the store, off the service's start.
     */
    private static void noteHolder(Path storeFile, FileStoreAccess access, AgentStatus status) {
        long pid = ThisProcess.pid();
        String secret = HolderFile.newSecret();
        try {
            HolderFile.write(storeFile, pid, secret);
        } catch (IOException | RuntimeException e) {
            status.warn("cannot write " + HolderFile.of(storeFile) + " (" + e + "); the agent's commands cannot "
                    + "reach the store while the service runs");
            return;
        }
        access.allow(secret);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> HolderFile.removeIfOwn(storeFile, pid, secret),
                "idempotency-agent-holder-note"));
    }

    /** The file store's access for the operator's commands; null for a JDBC store. */
    FileStoreAccess fileStoreAccess() {
        return fileStoreAccess;
    }

    String storeKind() {
        return storeKind;
    }

    String configFile() {
        return configFile;
    }

    /** The store, opened or still opening (its calls then wait for the opening, bounded). */
    IdempotencyStore store() {
        return store;
    }

    /** Per endpoint its requests have reached, the classes the host handed them to, with their loaders. */
    Map<String, List<String>> entryPointsByEndpoint() {
        return gate.entryPointsByEndpoint();
    }

    /** The state-changing requests that matched no declared endpoint. */
    UndeclaredRequests undeclaredRequests() {
        return gate.undeclaredRequests();
    }

    /** Claims this JVM holds now: executing, or answered with the outcome still being written. */
    int executionsInProgress() {
        return gate.leases().size();
    }

    /**
     * When the JVM stops: no new key is claimed (a declared request is refused as during a store
     * outage, so no handler starts whose outcome could not be written), the outcomes queued behind
     * their answers are written, requests still executing get the rest of {@link #OUTCOME_DRAIN} to
     * end theirs, then an embedded store is closed, cleanly and compacted, by the agent (H2's own
     * hook, which raced these writes, is off). A server store's pool is left to the exit: a request
     * still running past the drain may still write.
     */
    private static void onStop(OutcomeWrites outcomes, IdempotencyGate gate, OpeningStore store, boolean embedded) {
        long deadline = System.nanoTime() + OUTCOME_DRAIN.toNanos();
        gate.stopClaiming();
        outcomes.drain(OUTCOME_DRAIN.toMillis());
        try {
            while (executing(gate) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (embedded && !executing(gate)) {
            store.close();
        }
    }

    /** Claims still on their way to a lease, or leases whose outcomes are still to be written. */
    private static boolean executing(IdempotencyGate gate) {
        return gate.claimsUnderWay() > 0 || gate.leases().size() > 0;
    }

    /** Renewals extend every live claim by the longest lease declared, so no endpoint's claim runs short. */
    private static KeeperSettings keeperSettings(KeeperConfig keeper, Duration lease) {
        return new KeeperSettings(lease, keeper.renewInterval(), keeper.purgeInterval(), keeper.purgeBatchSize(), 20);
    }

    /** Each declared endpoint with its settings, as the core runs it. */
    static List<EndpointPolicy> policies(AgentConfig config) {
        List<EndpointPolicy> policies = new ArrayList<>(config.endpoints().size());
        for (EndpointConfig endpoint : config.endpoints()) {
            policies.add(new EndpointPolicy(endpoint.name(), endpoint.method(), endpoint.path().orElse(null),
                    endpoint.resourceMethod().map(Object::toString).orElse(null), endpoint.settings(),
                    config.logging().requestIdHeader()));
        }
        return policies;
    }

    /** The longest lease declared; with no endpoint declared yet, the defaults' (no claim needs it then). */
    private static Duration longestLease(List<EndpointPolicy> policies, Duration defaultLease) {
        if (policies.isEmpty()) {
            return defaultLease;
        }
        Duration longest = Duration.ZERO;
        for (EndpointPolicy policy : policies) {
            if (policy.settings().lease().compareTo(longest) > 0) {
                longest = policy.settings().lease();
            }
        }
        return longest;
    }

    /** Who holds a claim: enough to tell instances apart in the store and in an operator's listing. */
    private static String ownerId() {
        String host = System.getenv("HOSTNAME");
        return (host == null || host.isEmpty() ? "" : host + "/") + ThisProcess.pid() + "/"
                + RandomUuids.next().substring(0, 8);
    }
}
