package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.AnswerStatuses;
import dev.idempotency.agent.config.EndpointConfig;
import dev.idempotency.agent.config.EndpointSettings;
import dev.idempotency.agent.config.FingerprintConfig;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import java.util.ArrayList;
import java.util.List;

/** Turns the validated config (the file's shape) into the core's runtime policies. */
final class EndpointPolicies {

    private EndpointPolicies() {
    }

    static List<EndpointPolicy> from(AgentConfig config) {
        List<EndpointPolicy> policies = new ArrayList<>(config.endpoints().size());
        for (EndpointConfig endpoint : config.endpoints()) {
            policies.add(from(endpoint, config.logging().requestIdHeader()));
        }
        return policies;
    }

    private static EndpointPolicy from(EndpointConfig endpoint, String requestIdHeader) {
        EndpointSettings settings = endpoint.settings();
        FingerprintConfig fingerprint = settings.fingerprint();
        AnswerStatuses statuses = settings.statuses();
        return EndpointPolicy.builder()
                .name(endpoint.name())
                .method(endpoint.method())
                .pathTemplate(endpoint.path().orElse(null))
                .resourceMethod(endpoint.resourceMethod().map(Object::toString).orElse(null))
                .keyHeader(settings.keyHeader())
                .required(settings.required())
                .keyMinLength(settings.keyMinLength())
                .keyMaxLength(settings.keyMaxLength())
                .scope(settings.scope().parts())
                .ttl(settings.ttl())
                .lease(settings.lease())
                .fingerprintMode(fingerprint.mode())
                .ignoredFields(fingerprint.ignoredFields())
                .fingerprintQueryParameters(fingerprint.queryParameters().orElse(null))
                .fingerprintHeaders(fingerprint.headers())
                .missingKeyStatus(statuses.missingKey())
                .invalidKeyStatus(statuses.invalidKey())
                .bodyTooLargeStatus(statuses.bodyTooLarge())
                .deadlineExceededStatus(statuses.deadlineExceeded())
                .storeUnavailableStatus(statuses.storeUnavailable())
                .keyReusedStatus(statuses.keyReused())
                .inProgressStatus(statuses.inProgress())
                .outcomeUnknownStatus(statuses.outcomeUnknown())
                .releaseOnStatus(settings.releaseOnStatus())
                .inFlightWait(settings.inFlightWait())
                .retryAfter(settings.retryAfter())
                .maxRequestBody(bytes(settings.maxRequestBody()))
                .maxStoredResponseBody(bytes(settings.maxStoredResponseBody()))
                .crashPolicy(settings.crashPolicy())
                .onStoreError(settings.onStoreError())
                .replayHeaders(settings.replayHeaders())
                .deadlineHeader(settings.deadline().header().orElse(null))
                .deadlineFormat(settings.deadline().format())
                .requestIdHeader(requestIdHeader)
                .propagateKey(settings.propagateKey())
                .build();
    }

    /** Request and response buffers are arrays: sizes beyond 2 GB cannot be buffered anyway. */
    private static int bytes(long size) {
        return (int) Math.min(Integer.MAX_VALUE - 8, size);
    }
}
