package dev.idempotency.agent.core.downstream;

import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;
import dev.idempotency.agent.bootstrap.downstream.OutgoingKeys;
import dev.idempotency.agent.core.deadline.ChainDeadline;
import dev.idempotency.agent.vocabulary.PropagateKey;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The derived keys of one claimed execution's downstream calls. Counts the keyed calls per target
 * in the order they are sent, so a re-execution that calls in the same order sends the same keys;
 * ends with the execution, after which no call gets a key.
 */
public final class DerivedKeys implements OutgoingKeys {

    private final String service;
    private final String scope;
    private final String key;
    private final String endpoint;
    private final PropagateKey settings;
    private final String header;
    private final Consumer<DownstreamCall> keyed;
    private final Consumer<DownstreamCall> unkeyed;
    /** The client's deadline, passed down beside each key; {@code null} without one. */
    private final ChainDeadline deadline;
    private final Map<String, AtomicInteger> ordinals = new ConcurrentHashMap<>();
    private volatile boolean ended;

    /**
     * @param header the header the keys go in (the endpoint's {@code propagate-key-header} or key header)
     * @param keyed  told of every call given a key, on the calling thread
     * @param unkeyed told of every unsafe call to a keyed target that left without a key, on the calling thread
     * @param deadline the client's deadline, or {@code null}
     */
    public DerivedKeys(String service, String scope, String key, String endpoint, PropagateKey settings,
            String header, Consumer<DownstreamCall> keyed, Consumer<DownstreamCall> unkeyed, ChainDeadline deadline) {
        this.service = service;
        this.scope = scope;
        this.key = key;
        this.endpoint = endpoint;
        this.settings = settings;
        this.header = header;
        this.keyed = keyed;
        this.unkeyed = unkeyed;
        this.deadline = deadline;
    }

    @Override
    public String header() {
        return header;
    }

    @Override
    public String next(String client, String method, String url, String host, int port) {
        if (!keys(method, url, host, port)) {
            return null;
        }
        String target = targetOf(host, port);
        int ordinal = ordinals.computeIfAbsent(target, any -> new AtomicInteger()).incrementAndGet();
        String derived = KeyDerivation.derive(service, scope, key, endpoint, target, ordinal);
        try {
            keyed.accept(new DownstreamCall(method, target, ordinal, derived,
                    deadline == null ? null : deadline.remainingMillis(), client));
        } catch (RuntimeException ignored) {
            // the event is lost; the call still carries its key
        }
        return derived;
    }

    @Override
    public void unkeyed(String client, String method, String url, String host, int port, String handOff) {
        if (!keys(method, url, host, port)) {
            return; // a call this execution would not have keyed anyway
        }
        try {
            unkeyed.accept(DownstreamCall.unkeyed(method, targetOf(host, port), client, handOff));
        } catch (RuntimeException ignored) {
            // the report is lost; the call goes as the application made it
        }
    }

    /** Whether a call made now with {@code method} to that target gets a key of this execution. */
    private boolean keys(String method, String url, String host, int port) {
        return !ended && DownstreamCalls.isUnsafe(method) && host != null && settings.appliesTo(url, host, port);
    }

    private static String targetOf(String host, int port) {
        return host.toLowerCase(Locale.ROOT) + ":" + port;
    }

    @Override
    public String deadlineHeader() {
        return deadline == null ? null : deadline.header();
    }

    @Override
    public String deadline() {
        return deadline == null ? null : deadline.value();
    }

    /** The execution's outcome is taken: later calls get no key, and this thread is free of it. */
    public void end() {
        ended = true;
        DownstreamCalls.leave(this);
    }
}
