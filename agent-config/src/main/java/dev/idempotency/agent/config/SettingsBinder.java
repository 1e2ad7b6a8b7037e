package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.vocabulary.CrashPolicy;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.FingerprintMode;
import dev.idempotency.agent.vocabulary.ScopePart;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Binds the endpoint settings of the {@code defaults} section and of each endpoint into
 * {@link EndpointSettings}. Each field falls back to the value it inherits, so an endpoint's
 * settings come out fully resolved; nested sections (fingerprint, statuses, deadline) merge field
 * by field, lists replace. A bad value is reported with its field and the inherited one kept, so
 * the settings built are always valid.
 */
final class SettingsBinder {

    /** The fields of an endpoint setting, in the order docs/configuration.md lists them. */
    static final List<String> FIELDS = Collections.unmodifiableList(Arrays.asList("key-header", "required", "key-min-length", "key-max-length", "key-pattern", "scope", "ttl", "lease", "fingerprint", "statuses", "release-on-status", "in-flight-wait", "retry-after", "max-request-body", "max-stored-response-body", "crash-policy", "on-store-error", "replay-headers", "deadline", PropagateKeyField.FIELD, PropagateKeyField.HEADER_FIELD, PropagateKeyField.DEADLINE_HEADER_FIELD));
    static final List<String> FINGERPRINT = Collections.unmodifiableList(Arrays.asList("mode", "ignored-fields", "query-parameters", "headers"));
    static final List<String> STATUSES = Collections.unmodifiableList(Arrays.asList("missing-key", "invalid-key", "body-too-large", "deadline-exceeded", "store-unavailable", "key-reused", "in-progress", "outcome-unknown"));
    static final List<String> DEADLINE = Collections.unmodifiableList(Arrays.asList("header", "format"));

    private static final String SCOPE_FORMS = "use none, header:NAME, principal, cookie:NAME, or a list of these";

    private final Duration renewInterval;

    SettingsBinder(Duration renewInterval) {
        this.renewInterval = renewInterval;
    }

    /**
     * @param base        what each field inherits: the built-in defaults, or the resolved defaults
     * @param ownSection  true for the defaults section, whose inherited values are checked here too
     */
    EndpointSettings bind(FieldReader r, EndpointSettings base, boolean ownSection) {
        // Field by field in the order of the list above, so problems are reported in the file's order.
        EndpointSettings.Builder settings = base.toBuilder()
                .keyHeader(HeaderFields.one(r, "key-header", base.keyHeader(), false))
                .required(r.bool("required", base.required()));
        keyLengths(r, base, settings);
        settings.keyPattern(r.checked("key-pattern", base.keyPattern().orElse(""), EndpointSettings::keyPatternProblem))
                .scope(scope(r, base.scope()))
                .ttl(r.duration("ttl", base.ttl(), true));
        lease(r, base, ownSection, settings);
        settings.fingerprint(fingerprint(r.mapping("fingerprint", FINGERPRINT), base.fingerprint()))
                .statuses(statuses(r.mapping("statuses", STATUSES), base.statuses()))
                .releaseOnStatus(r.statuses("release-on-status", base.releaseOnStatus()))
                .inFlightWait(r.duration("in-flight-wait", base.inFlightWait(), false))
                .retryAfter(r.duration("retry-after", base.retryAfter(), false))
                .maxRequestBody(r.size("max-request-body", base.maxRequestBody()))
                .maxStoredResponseBody(r.size("max-stored-response-body", base.maxStoredResponseBody()))
                .crashPolicy(r.choice("crash-policy", base.crashPolicy(), CrashPolicy.class))
                .onStoreError(r.choice("on-store-error", base.onStoreError(), StoreErrorPolicy.class))
                .replayHeaders(HeaderFields.list(r, "replay-headers", base.replayHeaders(),
                        HeaderFields.NEVER_REPLAYED, "is never replayed; remove it from replay-headers"))
                .deadline(deadline(r.mapping("deadline", DEADLINE), base.deadline()))
                .propagateKey(PropagateKeyField.bind(r, base.propagateKey()));
        try {
            return settings.build();
        } catch (IllegalArgumentException missedByTheBinder) {
            r.problem(r.path(), null, missedByTheBinder.getMessage());
            return base;
        }
    }

    private static void keyLengths(FieldReader r, EndpointSettings base, EndpointSettings.Builder settings) {
        int min = r.number("key-min-length", base.keyMinLength(), 1, EndpointSettings.MAX_KEY_LENGTH);
        int max = r.number("key-max-length", base.keyMaxLength(), 1, EndpointSettings.MAX_KEY_LENGTH);
        String problem = EndpointSettings.keyLengthProblem(min, max);
        if (problem != null) {
            if (r.has("key-min-length") || r.has("key-max-length")) {
                r.problem(r.pathOf("key-min-length"), String.valueOf(min), problem);
            }
            return;
        }
        settings.keyMinLength(min).keyMaxLength(max);
    }

    private void lease(FieldReader r, EndpointSettings base, boolean ownSection, EndpointSettings.Builder settings) {
        Duration lease = r.duration("lease", base.lease(), true);
        if ((ownSection || r.has("lease")) && lease.compareTo(renewInterval) <= 0) {
            r.problem(r.pathOf("lease"), DurationText.format(lease), "must be longer than keeper.renew-interval ("
                    + DurationText.format(renewInterval) + "), or live requests lose their claim between renewals");
        }
        settings.lease(lease);
    }

    private static List<ScopePart> scope(FieldReader r, List<ScopePart> base) {
        List<ScopePart> parts = new ArrayList<>();
        boolean[] bad = {false};
        boolean set = r.eachItem("scope", (text, at) -> {
            ScopePart part = scopePart(text);
            if (part == null) {
                r.problem(at, text, "is not a scope; " + SCOPE_FORMS);
                bad[0] = true;
            } else if (parts.contains(part)) {
                r.problem(at, text, "is listed twice; name each scope part once");
                bad[0] = true;
            } else {
                parts.add(part);
            }
        });
        if (!set || bad[0]) {
            return base;
        }
        String problem = EndpointSettings.scopeProblem(parts);
        if (problem != null) {
            r.problem(r.pathOf("scope"), null, problem);
            return base;
        }
        return parts;
    }

    /** The part, or {@code null} when the text is not one (the caller reports it with the field). */
    private static ScopePart scopePart(String text) {
        try {
            return ScopePart.parse(text);
        } catch (IllegalArgumentException notAScope) {
            return null;
        }
    }

    private static EndpointSettings.Fingerprint fingerprint(FieldReader r, EndpointSettings.Fingerprint base) {
        return new EndpointSettings.Fingerprint(
                r.choice("mode", base.mode(), FingerprintMode.class),
                r.texts("ignored-fields", base.ignoredFields()),
                r.texts("query-parameters", base.queryParameters().orElse(null)),
                HeaderFields.list(r, "headers", base.headers(), Collections.emptySet(), ""));
    }

    private static EndpointSettings.Statuses statuses(FieldReader r, EndpointSettings.Statuses base) {
        return new EndpointSettings.Statuses(
                r.status("missing-key", base.missingKey()),
                r.status("invalid-key", base.invalidKey()),
                r.status("body-too-large", base.bodyTooLarge()),
                r.status("deadline-exceeded", base.deadlineExceeded()),
                r.status("store-unavailable", base.storeUnavailable()),
                r.status("key-reused", base.keyReused()),
                r.status("in-progress", base.inProgress()),
                r.status("outcome-unknown", base.outcomeUnknown()));
    }

    private static EndpointSettings.Deadline deadline(FieldReader r, EndpointSettings.Deadline base) {
        return new EndpointSettings.Deadline(
                HeaderFields.one(r, "header", base.header().orElse(""), true),
                r.choice("format", base.format(), DeadlineFormat.class));
    }
}
