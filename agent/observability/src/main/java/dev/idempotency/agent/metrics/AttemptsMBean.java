package dev.idempotency.agent.metrics;

import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.ErrorType;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanNotificationInfo;
import javax.management.MBeanOperationInfo;

/**
 * Read-only attributes over one set of counters: one per decision ({@code Executed},
 * {@code Replayed}, ... named after {@link Decision}), one per failure class ({@code StoreErrors},
 * ...), the latency summary, and for the service-wide bean the two gauges. Derived from the enums,
 * so a new decision shows up without touching this class.
 */
final class AttemptsMBean implements DynamicMBean {

    private final Map<String, Supplier<Object>> readers = new LinkedHashMap<>();
    private final Map<String, MBeanAttributeInfo> infos = new LinkedHashMap<>();
    private final MBeanInfo info;

    private AttemptsMBean(String description, AttemptCounters counters, AttemptMetrics gauges) {
        add("Attempts", "long", "attempts seen", counters::attempts);
        for (Decision decision : Decision.values()) {
            add(camelCase(decision.name()), "long", "attempts decided " + decision.label(),
                    () -> counters.decisions(decision));
        }
        for (ErrorType type : ErrorType.values()) {
            add(errorAttribute(type), "long", "attempts that failed with " + type.label(), () -> counters.errors(type));
        }
        LatencySummary latency = counters.latency();
        add("LatencyMeanMillis", "double", "mean attempt duration", latency::meanMillis);
        add("LatencyMaxMillis", "double", "longest attempt duration", latency::maxMillis);
        add("LatencyP50Millis", "double", "median duration (bucket upper edge)", () -> latency.percentileMillis(0.50));
        add("LatencyP99Millis", "double", "99th percentile duration (bucket upper edge)",
                () -> latency.percentileMillis(0.99));
        if (gauges != null) {
            add("ExecutionsInProgress", "int", "claims this JVM holds now: executing, or answered with the outcome still being written",
                    gauges::executionsInProgress);
            add("DroppedLogEvents", "long", "attempt-log events lost (queue full or sink failed)",
                    gauges::droppedLogEvents);
        }
        this.info = new MBeanInfo(AttemptsMBean.class.getName(), description,
                infos.values().toArray(new MBeanAttributeInfo[0]), null, new MBeanOperationInfo[0],
                new MBeanNotificationInfo[0]);
    }

    /** The service-wide bean, with the gauges. */
    static AttemptsMBean total(AttemptMetrics metrics) {
        return new AttemptsMBean("Idempotency Agent: all attempts", metrics.total(), metrics);
    }

    static AttemptsMBean endpoint(String name, AttemptCounters counters) {
        return new AttemptsMBean("Idempotency Agent: attempts at endpoint " + name, counters, null);
    }

    @Override
    public Object getAttribute(String attribute) throws AttributeNotFoundException {
        Supplier<Object> reader = readers.get(attribute);
        if (reader == null) {
            throw new AttributeNotFoundException(attribute);
        }
        return reader.get();
    }

    @Override
    public AttributeList getAttributes(String[] attributes) {
        AttributeList list = new AttributeList();
        for (String name : attributes) {
            Supplier<Object> reader = readers.get(name);
            if (reader != null) {
                list.add(new Attribute(name, reader.get()));
            }
        }
        return list;
    }

    @Override
    public void setAttribute(Attribute attribute) throws AttributeNotFoundException {
        throw new AttributeNotFoundException(attribute.getName() + " is read-only");
    }

    @Override
    public AttributeList setAttributes(AttributeList attributes) {
        return new AttributeList();
    }

    @Override
    public Object invoke(String actionName, Object[] params, String[] signature) {
        throw new UnsupportedOperationException("no operations");
    }

    @Override
    public MBeanInfo getMBeanInfo() {
        return info;
    }

    @SuppressWarnings("unchecked")
    private <T> void add(String name, String type, String description, Supplier<T> reader) {
        readers.put(name, (Supplier<Object>) reader);
        infos.put(name, new MBeanAttributeInfo(name, type, description, true, false, false));
    }

    /** {@code StoreErrors}, {@code ClientDisconnects}, ...: what an operator looks for. */
    static String errorAttribute(ErrorType type) {
        switch (type) {
            case CLIENT_DISCONNECT:
                return "ClientDisconnects";
            case HANDLER_EXCEPTION:
                return "HandlerExceptions";
            case STORE_ERROR:
                return "StoreErrors";
            case TIMEOUT:
                return "Timeouts";
            default:
                return camelCase(type.name()) + "Errors";
        }
    }

    /** {@code OUTCOME_UNKNOWN} to {@code OutcomeUnknown}. */
    static String camelCase(String constant) {
        StringBuilder out = new StringBuilder(constant.length());
        for (String word : constant.split("_")) {
            out.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return out.toString();
    }
}
