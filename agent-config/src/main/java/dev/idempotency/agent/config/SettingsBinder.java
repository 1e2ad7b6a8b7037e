package dev.idempotency.agent.config;

import dev.idempotency.agent.vocabulary.CrashPolicy;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import dev.idempotency.agent.vocabulary.EndpointDefaults;
import dev.idempotency.agent.vocabulary.FingerprintMode;
import dev.idempotency.agent.vocabulary.ScopePart;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Binds the endpoint settings of the {@code defaults} section and of each endpoint. Each field
 * falls back to the value it inherits, so an endpoint's settings come out fully resolved;
 * nested sections (fingerprint, statuses, deadline) merge field by field, lists replace.
 */
final class SettingsBinder {

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
        String keyHeader = HeaderFields.one(r, "key-header", base.keyHeader(), false);
        boolean required = r.bool("required", base.required());
        int keyMinLength = r.number("key-min-length", base.keyMinLength(), 1, EndpointDefaults.KEY_MAX_LENGTH);
        int keyMaxLength = r.number("key-max-length", base.keyMaxLength(), 1, EndpointDefaults.KEY_MAX_LENGTH);
        if ((r.has("key-min-length") || r.has("key-max-length")) && keyMinLength > keyMaxLength) {
            r.problem(r.pathOf("key-min-length"), String.valueOf(keyMinLength),
                    "is greater than key-max-length (" + keyMaxLength + "); make it at most key-max-length");
        }
        Scope scope = scope(r, base.scope());
        Duration ttl = r.duration("ttl", base.ttl(), true);
        Duration lease = r.duration("lease", base.lease(), true);
        if ((ownSection || r.has("lease")) && lease.compareTo(renewInterval) <= 0) {
            r.problem(r.pathOf("lease"), DurationText.format(lease), "must be longer than keeper.renew-interval ("
                    + DurationText.format(renewInterval) + "), or live requests lose their claim between renewals");
        }
        FingerprintConfig fingerprint = fingerprint(r.mapping("fingerprint", ConfigFields.FINGERPRINT),
                base.fingerprint());
        AnswerStatuses statuses = statuses(r.mapping("statuses", ConfigFields.STATUSES), base.statuses());
        List<Integer> releaseOnStatus = r.statuses("release-on-status", base.releaseOnStatus());
        Duration inFlightWait = r.duration("in-flight-wait", base.inFlightWait(), false);
        Duration retryAfter = r.duration("retry-after", base.retryAfter(), false);
        long maxRequestBody = r.size("max-request-body", base.maxRequestBody());
        long maxStoredResponseBody = r.size("max-stored-response-body", base.maxStoredResponseBody());
        CrashPolicy crashPolicy = r.choice("crash-policy", base.crashPolicy(), CrashPolicy.class);
        StoreErrorPolicy onStoreError = r.choice("on-store-error", base.onStoreError(), StoreErrorPolicy.class);
        List<String> replayHeaders = HeaderFields.list(r, "replay-headers", base.replayHeaders(),
                HeaderFields.NEVER_REPLAYED, "is never replayed; remove it from replay-headers");
        DeadlineConfig deadline = deadline(r.mapping("deadline", ConfigFields.DEADLINE), base.deadline());
        return new EndpointSettings(keyHeader, required, keyMinLength, keyMaxLength, scope, ttl, lease,
                fingerprint, statuses, releaseOnStatus, inFlightWait, retryAfter, maxRequestBody,
                maxStoredResponseBody, crashPolicy, onStoreError, replayHeaders, deadline)
                .withPropagateKey(PropagateKeyField.bind(r, base.propagateKey()));
    }

    private static Scope scope(FieldReader r, Scope base) {
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
        if (parts.isEmpty()) {
            r.problem(r.pathOf("scope"), null, "is empty; " + SCOPE_FORMS);
            return base;
        }
        if (parts.size() > 1 && parts.contains(ScopePart.none())) {
            r.problem(r.pathOf("scope"), null,
                    "combines none with other parts; use none alone, or a list of header:NAME, principal and cookie:NAME");
            return base;
        }
        return new Scope(parts);
    }

    /** The part, or {@code null} when the text is not one (the caller reports it with the field). */
    private static ScopePart scopePart(String text) {
        try {
            return ScopePart.parse(text);
        } catch (IllegalArgumentException notAScope) {
            return null;
        }
    }

    private static FingerprintConfig fingerprint(FieldReader r, FingerprintConfig base) {
        return new FingerprintConfig(
                r.choice("mode", base.mode(), FingerprintMode.class),
                r.texts("ignored-fields", base.ignoredFields()),
                r.texts("query-parameters", base.queryParameters().orElse(null)),
                HeaderFields.list(r, "headers", base.headers(), Set.of(), ""));
    }

    private static AnswerStatuses statuses(FieldReader r, AnswerStatuses base) {
        return new AnswerStatuses(
                r.status("missing-key", base.missingKey()),
                r.status("invalid-key", base.invalidKey()),
                r.status("body-too-large", base.bodyTooLarge()),
                r.status("deadline-exceeded", base.deadlineExceeded()),
                r.status("store-unavailable", base.storeUnavailable()),
                r.status("key-reused", base.keyReused()),
                r.status("in-progress", base.inProgress()),
                r.status("outcome-unknown", base.outcomeUnknown()));
    }

    private static DeadlineConfig deadline(FieldReader r, DeadlineConfig base) {
        return new DeadlineConfig(
                HeaderFields.one(r, "header", base.header().orElse(""), true),
                r.choice("format", base.format(), DeadlineFormat.class));
    }
}
