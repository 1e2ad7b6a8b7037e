package dev.idempotency.agent.config;

import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.PathTemplate;
import java.util.Optional;

/** One protected endpoint: how requests are matched, and its effective settings. */
public final class EndpointConfig {

    private final String name;
    private final String method;
    private final PathTemplate path;
    private final ResourceMethod resourceMethod;
    private final EndpointSettings settings;

    EndpointConfig(String name, String method, PathTemplate path, ResourceMethod resourceMethod,
            EndpointSettings settings) {
        this.name = name;
        this.method = method;
        this.path = path;
        this.resourceMethod = resourceMethod;
        this.settings = settings;
    }

    /** Unique among the endpoints; {@code "METHOD path"} unless the config names it. */
    public String name() { return name; }
    /** Upper case, e.g. {@code POST}. */
    public String method() { return method; }
    /** Relative to the application's context path; empty for an endpoint declared by resource method only. */
    public Optional<PathTemplate> path() { return Optional.ofNullable(path); }
    /** For JAX-RS: the resource method that matches the endpoint whatever the path, when configured. */
    public Optional<ResourceMethod> resourceMethod() { return Optional.ofNullable(resourceMethod); }
    /** The defaults with this endpoint's overrides merged in. */
    public EndpointSettings settings() { return settings; }

    @Override
    public String toString() {
        return name + " (" + method + " " + (path != null ? path : resourceMethod) + ")";
    }
}
