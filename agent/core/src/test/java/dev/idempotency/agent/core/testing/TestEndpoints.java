package dev.idempotency.agent.core.testing;

import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.PathTemplate;

/** Declared endpoints for tests, as the agent declares them from a config: default request id header. */
public final class TestEndpoints {

    public static final String REQUEST_ID_HEADER = "X-Request-Id";

    private TestEndpoints() {
    }

    /** An endpoint declared by path, with default settings. */
    public static EndpointPolicy byPath(String name, String method, String path) {
        return byPath(name, method, path, EndpointSettings.defaults());
    }

    public static EndpointPolicy byPath(String name, String method, String path, EndpointSettings settings) {
        return declared(name, method, path, null, settings);
    }

    /** An endpoint declared by resource method ({@code com.acme.Resource#method}) only, with default settings. */
    public static EndpointPolicy byResourceMethod(String name, String method, String resourceMethod) {
        return declared(name, method, null, resourceMethod, EndpointSettings.defaults());
    }

    /** An endpoint declared by path, resource method or both ({@code null} for neither). */
    public static EndpointPolicy declared(String name, String method, String path, String resourceMethod,
            EndpointSettings settings) {
        return new EndpointPolicy(name, method, path == null ? null : PathTemplate.of(path), resourceMethod, settings,
                REQUEST_ID_HEADER);
    }
}
