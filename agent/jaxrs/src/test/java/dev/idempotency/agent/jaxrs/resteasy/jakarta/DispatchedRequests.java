package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import org.jboss.resteasy.core.ResteasyContext;
import org.jboss.resteasy.mock.MockHttpRequest;

/**
 * RESTEasy's mock requests for an application at {@code /api/}, as the dispatcher hands them on:
 * with the request's URI pushed into the context ({@code SynchronousDispatcher.pushContextObjects}).
 */
final class DispatchedRequests {

    static final URI BASE = URI.create("http://localhost:8080/api/");

    private DispatchedRequests() {
    }

    static MockHttpRequest dispatched(String method, String pathAndQuery) {
        MockHttpRequest request = MockHttpRequest.create(method, BASE.resolve(pathAndQuery), BASE);
        ResteasyContext.pushContext(UriInfo.class, request.getUri());
        return request;
    }

    /** The dispatcher clears the context once the request is done. */
    static void done() {
        ResteasyContext.clearContextData();
    }
}
