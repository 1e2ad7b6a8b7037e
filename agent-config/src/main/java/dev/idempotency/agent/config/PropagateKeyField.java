package dev.idempotency.agent.config;

import java.util.Collections;
import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.agent.vocabulary.PropagateKey;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code propagate-key} ({@code true}, {@code false}, or a list of hosts, host:port and URL
 * prefixes), {@code propagate-key-header} and {@code propagate-deadline-header} of an endpoint's settings.
 */
final class PropagateKeyField {

    static final String FIELD = "propagate-key";
    static final String HEADER_FIELD = "propagate-key-header";
    static final String DEADLINE_HEADER_FIELD = "propagate-deadline-header";

    private PropagateKeyField() {
    }

    static PropagateKey bind(FieldReader r, PropagateKey base) {
        PropagateKey bound = targets(r, base);
        String header = HeaderFields.one(r, HEADER_FIELD, null, false);
        if (header != null) {
            bound = bound.withHeader(header);
        }
        String deadlineHeader = HeaderFields.one(r, DEADLINE_HEADER_FIELD, null, false);
        return deadlineHeader == null ? bound : bound.withDeadlineHeader(deadlineHeader);
    }

    private static PropagateKey targets(FieldReader r, PropagateKey base) {
        JsonNode value = r.value(FIELD);
        if (value == null) {
            return base;
        }
        if (!value.isArray()) {
            String text = r.text(FIELD, null);
            if ("true".equals(text)) {
                return PropagateKey.to(Collections.emptyList(), base.header()).withDeadlineHeader(base.deadlineHeader());
            }
            if ("false".equals(text)) {
                return PropagateKey.OFF.withHeader(base.header()).withDeadlineHeader(base.deadlineHeader());
            }
        }
        List<String> targets = new ArrayList<>();
        r.eachItem(FIELD, (target, at) -> {
            String problem = PropagateKey.targetProblem(target);
            if (problem != null) {
                r.problem(at, target, problem + " (or set " + FIELD + ": true for every host)");
            } else {
                targets.add(target);
            }
        });
        if (targets.isEmpty()) {
            return base;
        }
        return PropagateKey.to(targets, base.header()).withDeadlineHeader(base.deadlineHeader());
    }
}
