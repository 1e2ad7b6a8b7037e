package dev.idempotency.agent.attemptlog;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.MarkedUnknown;
import dev.idempotency.agent.core.attempt.RequestDetails;
import dev.idempotency.agent.core.downstream.DownstreamCall;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The schema of the attempt log: turns one event into one JSON line with ECS field names. The
 * fields below are the only ones ever written (redaction by construction); docs/logging.md
 * describes each. Absent values are left out rather than written as null.
 */
public final class AttemptEventJson {

    public static final String ECS_VERSION = "8.11.0";
    public static final String DATASET = "idempotency.attempt";
    static final String HEADER_FIELD_PREFIX = "http.request.header.";

    private final AttemptLogSettings settings;
    private final KeyHasher hasher;
    private final BodyPolicy body;
    private final List<String> headerFields;

    public AttemptEventJson(AttemptLogSettings settings) {
        this.settings = settings;
        this.hasher = KeyHasher.withSecret(settings.hashSecret);
        this.body = settings.bodyEnabled ? new BodyPolicy(settings.redactFields, settings.bodyMaxBytes) : null;
        this.headerFields = settings.headerAllowList;
    }

    /** What the gate must put into events for this schema: the allow-listed headers, the body if enabled. */
    public RequestDetails requestDetails() {
        return new RequestDetails(headerFields, body != null);
    }

    /** One line, without the line separator. */
    public String format(AttemptEvent event) {
        JsonLine line = new JsonLine()
                .string("@timestamp", event.timestamp().toString())
                .string("ecs.version", ECS_VERSION)
                .string("event.dataset", DATASET)
                .string("event.action", event.decision().label())
                .string("event.reason", event.reason())
                .number("event.duration", event.durationNanos())
                .string("idempotency.decision", event.decision().label())
                .string("idempotency.key", hasher.apply(event.key()))
                .string("idempotency.scope", hasher.apply(event.scope()));
        if (event.attempt() > 0) {
            line.number("idempotency.attempt", event.attempt());
        }
        line.string("idempotency.endpoint", event.endpoint());
        if (event.fingerprintFellBackToRaw()) {
            line.bool("idempotency.fingerprint_fallback", true);
        }
        if (event.trace() != null) {
            line.string("trace.id", event.trace().traceId()).string("span.id", event.trace().spanId());
        }
        line.string("http.request.id", event.requestId())
                .string("http.request.method", event.method())
                .string("http.route", event.route())
                .string("url.path", loggedPath(event));
        headers(event.requestHeaders(), line);
        body(event, line);
        if (event.status() > 0) {
            line.number("http.response.status_code", event.status());
        }
        if (event.remainingDeadlineMillis() != null) {
            line.number("deadline.remaining_ms", event.remainingDeadlineMillis());
        }
        if (event.errorType() != null) {
            line.string("error.type", event.errorType().label());
        }
        if (event.downstream() != null) {
            downstream(event.downstream(), line);
        }
        return line.string("service.name", settings.serviceName)
                .string("agent.version", settings.agentVersion)
                .end();
    }

    /**
     * The downstream call of a {@code propagated} or {@code downstream_unkeyed} event. A derived key
     * is written as the client's key is (its HMAC with {@code hash-secret}, else as sent): it is no
     * secret beyond what the client's key is, and in that form it is the key the downstream
     * service's own log shows.
     */
    private void downstream(DownstreamCall call, JsonLine line) {
        int colon = call.target().lastIndexOf(':');
        if (call.key() != null) {
            line.string("idempotency.downstream.key", hasher.apply(call.key()))
                    .number("idempotency.downstream.ordinal", call.ordinal());
        }
        if (call.client() != null) {
            line.string("idempotency.downstream.client", call.client());
        }
        if (call.unkeyedBy() != null) {
            line.string("idempotency.downstream.unkeyed_by", call.unkeyedBy());
        }
        line.string("idempotency.downstream.method", call.method())
                .string("destination.domain", colon > 0 ? call.target().substring(0, colon) : call.target());
        if (colon > 0) {
            line.number("destination.port", Integer.parseInt(call.target().substring(colon + 1)));
        }
        if (call.remainingDeadlineMillis() != null) {
            // what the call was sent with: zero or less, it left after the client's deadline had passed
            line.number("idempotency.downstream.deadline_remaining_ms", call.remainingDeadlineMillis());
        }
    }

    /**
     * A record turned UNKNOWN: one line, {@code event.action} {@code outcome_unknown_recorded},
     * with the key (or its HMAC), the endpoint, the dead owner and the commands that resolve it.
     * With {@code hash-secret} the commands say {@code <key>} instead of the key.
     */
    public String formatMarkedUnknown(MarkedUnknown record) {
        JsonLine line = new JsonLine()
                .string("@timestamp", record.timestamp().toString())
                .string("ecs.version", ECS_VERSION)
                .string("event.dataset", DATASET)
                .string("event.action", "outcome_unknown_recorded")
                .string("event.kind", "alert")
                .string("log.level", "warn")
                .string("event.reason", "the owner " + record.deadOwner() + " died mid-execution; whether the "
                        + "operation took effect is unknown, and retries get 409 outcome-unknown until the key is resolved")
                .string("idempotency.key", hasher.apply(record.key()))
                .string("idempotency.scope", hasher.apply(record.scope()))
                .string("idempotency.endpoint", record.endpoint())
                .string("idempotency.owner", record.deadOwner())
                .number("idempotency.fencing_token", record.fencingToken())
                .string("idempotency.resolve_command", resolveCommand(record));
        if (record.trace() != null) {
            line.string("trace.id", record.trace().traceId()).string("span.id", record.trace().spanId());
        }
        return line.string("http.request.id", record.requestId())
                .string("service.name", settings.serviceName)
                .string("agent.version", settings.agentVersion)
                .end();
    }

    /** Inspect, then one of the two resolutions; the operator decides which from the business data. */
    private String resolveCommand(MarkedUnknown record) {
        boolean hashed = settings.hashSecret != null && !settings.hashSecret.isEmpty();
        String key = hashed ? "<key>" : shellQuoted(record.key());
        String scope = record.scope() == null || record.scope().isEmpty() ? ""
                : " --scope " + (hashed ? "<scope>" : shellQuoted(record.scope()));
        String config = " --config " + (settings.configFile == null ? "<agent config>" : shellQuoted(settings.configFile));
        String tool = "java -jar idempotency-agent.jar ";
        return tool + "inspect " + key + scope + config + "; then " + tool + "resolve " + key + scope
                + " --complete --status <status> [--body-file F]" + config + " (it took effect) or "
                + tool + "resolve " + key + scope + " --release" + config + " (it did not)";
    }

    private static String shellQuoted(String text) {
        return text.matches("[A-Za-z0-9._/:@%+=,-]+") ? text : "'" + text.replace("'", "'\\''") + "'";
    }

    /**
     * A warning about an endpoint (a declaration that protects nothing, a scope that lets a
     * replay reach another caller): one line, {@code event.action} {@code endpoint_warning},
     * {@code log.level} {@code warn}. The message names config and types, never request data.
     */
    public String formatWarning(Instant timestamp, String endpoint, String message) {
        return new JsonLine()
                .string("@timestamp", timestamp.toString())
                .string("ecs.version", ECS_VERSION)
                .string("event.dataset", DATASET)
                .string("event.action", "endpoint_warning")
                .string("event.kind", "alert")
                .string("log.level", "warn")
                .string("message", message)
                .string("idempotency.endpoint", endpoint)
                .string("service.name", settings.serviceName)
                .string("agent.version", settings.agentVersion)
                .end();
    }

    /** The route template when masking (a resource-method route is no path: none then), else the path as received. */
    private String loggedPath(AttemptEvent event) {
        if (!settings.maskPath) {
            return event.path();
        }
        String route = event.route();
        return route != null && route.startsWith("/") ? route : null;
    }

    /** Only allow-listed headers, in the allow-list's order; several lines joined as HTTP would. */
    private void headers(Map<String, List<String>> values, JsonLine line) {
        for (String name : headerFields) {
            List<String> header = values.get(name);
            if (header != null) {
                line.string(HEADER_FIELD_PREFIX + name.toLowerCase(Locale.ROOT), String.join(", ", header));
            }
        }
    }

    private void body(AttemptEvent event, JsonLine line) {
        if (body == null || event.requestBody() == null) {
            return;
        }
        line.number("http.request.body.bytes", event.requestBody().length);
        LoggedBody logged = body.apply(event.requestBody(), event.requestContentType());
        if (logged == null) {
            return;
        }
        line.string("http.request.body.content", logged.content);
        if (logged.truncated) {
            line.bool("http.request.body.truncated", true);
        }
    }
}
