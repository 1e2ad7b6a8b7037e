package dev.idempotency.agent.core.route;

import dev.idempotency.agent.core.policy.EndpointPolicy;

/**
 * Hears of declarations that do not protect what they say: a resource method the class does not
 * have, a path that includes the application's context path. Said once per endpoint and cause.
 */
@FunctionalInterface
public interface DeclarationWarnings {

    DeclarationWarnings NONE = (endpoint, message) -> { };

    void warn(EndpointPolicy endpoint, String message);
}
