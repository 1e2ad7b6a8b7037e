package dev.idempotency.agent.core.policy;

import dev.idempotency.agent.core.deadline.DeadlineHeader;
import dev.idempotency.agent.core.fingerprint.FingerprintRecipe;
import dev.idempotency.agent.core.key.KeyParser;
import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.core.response.ReplayHeaders;
import dev.idempotency.agent.core.response.ResponseRetention;
import dev.idempotency.agent.core.scope.ScopeResolver;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.PathTemplate;
import java.util.Locale;
import java.util.Objects;

/**
 * One declared endpoint as the core runs it: how it is matched, its {@link EndpointSettings}, and
 * the parts of them that need preparing (key parser, scope resolver, fingerprint recipe, response
 * retention, deadline header), prepared once here, not per request.
 */
public final class EndpointPolicy {

    private final String name;
    private final String method;
    private final PathTemplate pathTemplate;
    private final String resourceMethod;
    private final EndpointSettings settings;
    private final String requestIdHeader;

    private final KeyParser keyParser;
    private final ScopeResolver scopeResolver;
    private final FingerprintRecipe fingerprintRecipe;
    private final ResponseRetention responseRetention;
    private final DeadlineHeader deadlineHeader;
    private final int maxRequestBody;

    /**
     * @param method          an HTTP method, in any case
     * @param pathTemplate    {@code null} for an endpoint declared by resource method only
     * @param resourceMethod  {@code com.acme.OrderResource#create}, or {@code null}
     * @param requestIdHeader the header that carries the request id (the config's {@code logging.request-id-header})
     * @throws IllegalArgumentException naming the first bad argument and its fix
     */
    public EndpointPolicy(String name, String method, PathTemplate pathTemplate, String resourceMethod,
            EndpointSettings settings, String requestIdHeader) {
        require(name != null && !name.trim().isEmpty(), name, "name", name, "give the endpoint a name");
        require(method != null && !method.trim().isEmpty(), name, "method", method, "name an HTTP method");
        require(pathTemplate != null || resourceMethod != null, name, "path", null,
                "declare a path template, a resource method, or both");
        require(resourceMethod == null || resourceMethod.indexOf('#') > 0, name, "resource-method", resourceMethod,
                "write it as com.acme.Resource#method");
        require(requestIdHeader != null && !requestIdHeader.trim().isEmpty(), name, "request-id-header", requestIdHeader,
                "name the request id header");
        this.name = name;
        this.method = method.trim().toUpperCase(Locale.ROOT);
        this.pathTemplate = pathTemplate;
        this.resourceMethod = resourceMethod;
        this.settings = Objects.requireNonNull(settings, "settings");
        this.requestIdHeader = requestIdHeader;

        EndpointSettings.Fingerprint fingerprint = settings.fingerprint();
        this.keyParser = new KeyParser(settings);
        this.scopeResolver = new ScopeResolver(settings.scope());
        this.fingerprintRecipe = new FingerprintRecipe(fingerprint.mode(), fingerprint.ignoredFields(),
                fingerprint.queryParameters().orElse(null), fingerprint.headers());
        this.responseRetention = new ResponseRetention(new ReplayHeaders(settings.replayHeaders()),
                bytes(settings.maxStoredResponseBody()));
        this.deadlineHeader = settings.deadline().header()
                .map(header -> new DeadlineHeader(header, settings.deadline().format())).orElse(null);
        this.maxRequestBody = bytes(settings.maxRequestBody());
    }

    public String name() { return name; }
    /** Upper-case HTTP method. */
    public String method() { return method; }
    /** The declared path template, or {@code null} when the endpoint is declared by resource method only. */
    public PathTemplate pathTemplate() { return pathTemplate; }
    /** {@code com.acme.OrderResource#create}, or {@code null}. */
    public String resourceMethod() { return resourceMethod; }
    /** What the endpoint's requests get: the config's defaults with the endpoint's overrides. */
    public EndpointSettings settings() { return settings; }
    public String requestIdHeader() { return requestIdHeader; }

    /** The request body buffered at most, in bytes: {@code max-request-body} as an array can hold it. */
    public int maxRequestBody() { return maxRequestBody; }

    /**
     * The status the agent answers with for {@code type}. A missing scope shares the invalid-key
     * status (the contract names no separate one); an unreadable body is always 400.
     */
    public int status(ProblemType type) {
        EndpointSettings.Statuses statuses = settings.statuses();
        switch (type) {
            case KEY_MISSING: return statuses.missingKey();
            case KEY_INVALID:
            case SCOPE_MISSING: return statuses.invalidKey();
            case BODY_TOO_LARGE: return statuses.bodyTooLarge();
            case DEADLINE_EXCEEDED: return statuses.deadlineExceeded();
            case STORE_UNAVAILABLE: return statuses.storeUnavailable();
            case KEY_REUSED: return statuses.keyReused();
            case IN_PROGRESS: return statuses.inProgress();
            case OUTCOME_UNKNOWN: return statuses.outcomeUnknown();
            default: return 400;
        }
    }

    /** The route template for logs: the path template, or the resource method when declared by it only. */
    public String routeLabel() {
        return pathTemplate != null ? pathTemplate.text() : resourceMethod;
    }

    public KeyParser keyParser() { return keyParser; }
    public ScopeResolver scopeResolver() { return scopeResolver; }
    public FingerprintRecipe fingerprintRecipe() { return fingerprintRecipe; }
    /** Which response headers are replayed, and how much of a response body is stored. */
    public ResponseRetention responseRetention() { return responseRetention; }
    /** The configured deadline header, or {@code null}. */
    public DeadlineHeader deadlineHeader() { return deadlineHeader; }

    @Override
    public String toString() {
        return "EndpointPolicy[" + name + " " + method + " " + routeLabel() + "]";
    }

    /** Request and response buffers are arrays: sizes beyond 2 GB cannot be buffered anyway. */
    private static int bytes(long size) {
        return (int) Math.min(Integer.MAX_VALUE - 8, size);
    }

    private static void require(boolean condition, String name, String field, Object value, String fix) {
        if (!condition) {
            throw new IllegalArgumentException("endpoint " + (name == null ? "(unnamed)" : name) + ": " + field
                    + " = " + value + " is not valid; " + fix);
        }
    }
}
