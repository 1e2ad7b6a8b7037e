package dev.idempotency.agent.core.route;

import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.core.policy.EndpointPolicy;

/**
 * A request routed to a declared endpoint: the endpoint, and the request's routed path in its
 * {@link RoutedPath} normal form, brought there once, by the routing, for the decision to match,
 * fingerprint and log by.
 */
public final class DeclaredRoute implements Route {

    private final EndpointPolicy policy;
    private final String path;

    DeclaredRoute(EndpointPolicy policy, String path) {
        this.policy = policy;
        this.path = path;
    }

    public EndpointPolicy policy() {
        return policy;
    }

    /** The request's routed path in normal form. */
    public String path() {
        return path;
    }

    @Override
    public String toString() {
        return policy.name() + " " + path;
    }
}
