package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.scope.RequestCookies;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The warning an endpoint whose keys all callers share gets when its requests carry credentials. */
final class SharedScopeWarning {

    private final FailureReports reports;
    /** Endpoints of scope none already warned of. */
    private final Set<EndpointPolicy> warned = ConcurrentHashMap.newKeySet();

    SharedScopeWarning(FailureReports reports) {
        this.reports = reports;
    }

    /**
     * With scope {@code none}, a key names one operation for the whole service: when callers are
     * told apart by credentials, a replay may hand one caller's answer to another who sends the
     * same key. Said once per endpoint, with the scope that fixes it.
     */
    void check(EndpointPolicy policy, RequestView request) {
        if (!policy.scopeResolver().parts().isEmpty() || warned.contains(policy)) {
            return;
        }
        String carried;
        String fix;
        List<String> authorization = request.headers("Authorization");
        if (authorization != null && !authorization.isEmpty()) {
            carried = "an Authorization header";
            fix = "principal (if the container authenticates the caller) or header:Authorization";
        } else if (request.principal() != null) {
            carried = "an authenticated principal";
            fix = "principal";
        } else if (RequestCookies.hasSessionCookie(request.headers("Cookie"))) {
            carried = "a session cookie";
            fix = "cookie:NAME with the session cookie's name";
        } else {
            return;
        }
        warned.add(policy);
        reports.warnOnce(policy.name(), "credentials with scope none", "requests carry " + carried
                + " but the endpoint's scope is none, so its keys are shared by all callers and a replay may "
                + "answer one caller with another's response; set scope: " + fix);
    }
}
