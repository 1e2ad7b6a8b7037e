package dev.idempotency.agent.config;

import java.time.Duration;
import java.util.OptionalInt;

/** The opt-in Prometheus / OpenMetrics endpoint: off unless a port is given. */
public final class PrometheusConfig {

    private final Integer port;
    private final String bindAddress;
    private final Duration storeGaugesInterval;

    PrometheusConfig(Integer port, String bindAddress, Duration storeGaugesInterval) {
        this.port = port;
        this.bindAddress = bindAddress;
        this.storeGaugesInterval = storeGaugesInterval;
    }

    /** The port to serve {@code /metrics} on ({@code 0}: any free one); empty when the endpoint is off. */
    public OptionalInt port() { return port == null ? OptionalInt.empty() : OptionalInt.of(port); }
    /** The address to bind, loopback by default. */
    public String bindAddress() { return bindAddress; }
    /** At most one store query per this interval feeds the gauges of records by state. */
    public Duration storeGaugesInterval() { return storeGaugesInterval; }
}
