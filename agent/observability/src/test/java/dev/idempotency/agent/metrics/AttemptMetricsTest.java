package dev.idempotency.agent.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The beans as a JMX client (jconsole) sees them on the platform MBean server. */
class AttemptMetricsTest {

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private List<ObjectName> registered = List.of();

    @AfterEach
    void unregister() throws Exception {
        for (ObjectName name : registered) {
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
        }
    }

    private static AttemptEvent event(String endpoint, Decision decision, ErrorType error, long millis) {
        return AttemptEvent.builder().timestamp(Instant.now()).decision(decision).endpoint(endpoint).errorType(error)
                .durationNanos(Duration.ofMillis(millis).toNanos()).build();
    }

    @Test
    void countsEachDecisionAndFailureClassInTotalAndPerEndpoint() throws Exception {
        AttemptMetrics metrics = new AttemptMetrics(List.of("create-order", "pay:card"));
        metrics.executionsInProgress(() -> 3);
        metrics.droppedLogEvents(() -> 7);
        registered = MetricsRegistration.register(server, metrics);

        metrics.onAttempt(event("create-order", Decision.EXECUTED, null, 10));
        metrics.onAttempt(event("create-order", Decision.REPLAYED, null, 2));
        metrics.onAttempt(event("create-order", Decision.STORE_UNAVAILABLE, ErrorType.STORE_ERROR, 1));
        metrics.onAttempt(event("pay:card", Decision.EXECUTED, ErrorType.CLIENT_DISCONNECT, 30));
        metrics.onAttempt(event("create-order", Decision.PROPAGATED, null, 500));

        ObjectName total = new ObjectName("dev.idempotency.agent:type=Attempts");
        ObjectName orders = new ObjectName("dev.idempotency.agent:type=Attempts,endpoint=create-order");
        ObjectName pay = MetricsRegistration.endpointName("pay:card");
        assertThat(registered).containsExactly(total, orders, pay);

        assertThat(server.getAttribute(total, "Attempts")).isEqualTo(4L);
        assertThat(server.getAttribute(total, "Executed")).isEqualTo(2L);
        assertThat(server.getAttribute(total, "Replayed")).isEqualTo(1L);
        assertThat(server.getAttribute(total, "StoreUnavailable")).isEqualTo(1L);
        assertThat(server.getAttribute(total, "OutcomeUnknown")).isEqualTo(0L);
        assertThat(server.getAttribute(total, "StoreErrors")).isEqualTo(1L);
        assertThat(server.getAttribute(total, "ClientDisconnects")).isEqualTo(1L);
        assertThat(server.getAttribute(total, "ExecutionsInProgress")).isEqualTo(3);
        assertThat(server.getAttribute(total, "DroppedLogEvents")).isEqualTo(7L);
        assertThat(server.getAttribute(orders, "Attempts")).isEqualTo(3L);
        assertThat(server.getAttribute(orders, "Executed")).isEqualTo(1L);
        assertThat(server.getAttribute(orders, "Propagated")).as("a downstream call, not an attempt").isEqualTo(1L);
        assertThat(server.getAttribute(pay, "Executed")).isEqualTo(1L);
        assertThat(server.isRegistered(pay)).isTrue();

        assertThat((Double) server.getAttribute(total, "LatencyMaxMillis")).isEqualTo(30.0);
        assertThat((Double) server.getAttribute(total, "LatencyMeanMillis")).isEqualTo(10.75);
        assertThat((Double) server.getAttribute(total, "LatencyP50Millis")).isBetween(2.0, 4.1);
        assertThat((Double) server.getAttribute(total, "LatencyP99Millis")).isEqualTo(30.0);
    }

    @Test
    void offersOneAttributePerDecisionAndTheGaugesOnlyServiceWide() throws Exception {
        AttemptMetrics metrics = new AttemptMetrics(List.of("create-order"));
        registered = MetricsRegistration.register(server, metrics);
        List<String> total = attributes(MetricsRegistration.totalName());
        List<String> endpoint = attributes(MetricsRegistration.endpointName("create-order"));
        for (Decision decision : Decision.values()) {
            assertThat(total).contains(AttemptsMBean.camelCase(decision.name()));
        }
        assertThat(total).contains("InProgress", "MissingKey", "DeadlineExceeded", "Passthrough", "StoreErrors",
                "ExecutionsInProgress", "DroppedLogEvents", "LatencyP99Millis");
        assertThat(endpoint).contains("Executed", "LatencyP50Millis").doesNotContain("ExecutionsInProgress");
    }

    @Test
    void aSecondRegistrationReplacesTheFirst() throws Exception {
        AttemptMetrics first = new AttemptMetrics(List.of());
        AttemptMetrics second = new AttemptMetrics(List.of());
        MetricsRegistration.register(server, first);
        registered = MetricsRegistration.register(server, second);
        second.onAttempt(event(null, Decision.EXECUTED, null, 1));
        assertThat(server.getAttribute(MetricsRegistration.totalName(), "Executed")).isEqualTo(1L);
    }

    @Test
    void registersLaterOnceTheFirstAttemptArrives() throws Exception {
        AttemptMetrics metrics = new AttemptMetrics(List.of());
        registered = List.of(MetricsRegistration.totalName());
        Thread registration = MetricsRegistration.registerLater(metrics, Duration.ofMinutes(5),
                (where, e) -> { throw new AssertionError(where, e); });
        awaitWaitingForTheFirstAttempt(registration);
        assertThat(server.isRegistered(MetricsRegistration.totalName())).as("not before an attempt").isFalse();
        metrics.onAttempt(event(null, Decision.EXECUTED, null, 1));
        registration.join(10_000);
        assertThat(server.isRegistered(MetricsRegistration.totalName())).isTrue();
    }

    /** Until the thread waits for the first attempt, which comes before it registers anything; at most 10 s. */
    private static void awaitWaitingForTheFirstAttempt(Thread registration) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!waitingForTheFirstAttempt(registration)) {
            assertThat(System.nanoTime()).as("the registration thread waits for the first attempt").isLessThan(until);
            Thread.sleep(5);
        }
    }

    private static boolean waitingForTheFirstAttempt(Thread thread) {
        return thread.getState() == Thread.State.TIMED_WAITING && Arrays.stream(thread.getStackTrace())
                .anyMatch(frame -> frame.getMethodName().equals("awaitFirstAttempt"));
    }

    private List<String> attributes(ObjectName name) throws Exception {
        return List.of(server.getMBeanInfo(name).getAttributes()).stream().map(MBeanAttributeInfo::getName).toList();
    }
}
