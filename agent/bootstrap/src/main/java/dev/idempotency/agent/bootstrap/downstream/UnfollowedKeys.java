package dev.idempotency.agent.bootstrap.downstream;

/**
 * What a thread the operator named in {@code instrumentation.unkeyed-threads} has entered for work
 * handed to it by a protected execution: its calls get no key, and each unsafe one is reported to
 * the execution, naming the client and the thread, so a call that a retry may repeat is never
 * sent unkeyed in silence.
 */
final class UnfollowedKeys implements OutgoingKeys {

    private final OutgoingKeys execution;
    private final String handOff;

    UnfollowedKeys(OutgoingKeys execution, String threadName) {
        this.execution = execution;
        this.handOff = "thread " + threadName + " (instrumentation.unkeyed-threads)";
    }

    @Override
    public String header() {
        return execution.header();
    }

    @Override
    public String next(String client, String method, String url, String host, int port) {
        execution.unkeyed(client, method, url, host, port, handOff);
        return null;
    }
}
