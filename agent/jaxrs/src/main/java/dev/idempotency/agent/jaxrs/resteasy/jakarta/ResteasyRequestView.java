package dev.idempotency.agent.jaxrs.resteasy.jakarta;

import dev.idempotency.agent.bootstrap.exchange.HostRequestView;
import dev.idempotency.agent.jaxrs.JaxrsPath;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.security.Principal;
import java.util.Collections;
import java.util.List;
import org.jboss.resteasy.core.ResteasyContext;
import org.jboss.resteasy.spi.HttpRequest;

/** The core's view of a matched RESTEasy request. */
final class ResteasyRequestView extends HostRequestView {

    private final HttpRequest request;

    ResteasyRequestView(HttpRequest request, String path, Class<?> entryPoint) {
        super(path, entryPoint);
        this.request = request;
    }

    /**
     * The decoded path RESTEasy matched the resource method on, below the application's base URI;
     * {@code null} outside a dispatch.
     */
    static String routedPath() {
        UriInfo uri = requestUri();
        return uri == null ? null : JaxrsPath.belowBaseUri(uri.getPath(true));
    }

    /**
     * The request's URI as the dispatcher pushed it for the request. Read from the context, not from
     * {@code HttpRequest.getUri()}, whose return type RESTEasy 4 changed: so the RESTEasy 3 adapter
     * is this source relocated, the context lookup being {@code ResteasyProviderFactory}'s there.
     */
    private static UriInfo requestUri() {
        return ResteasyContext.getContextData(UriInfo.class);
    }

    @Override
    public String method() {
        return request.getHttpMethod();
    }

    @Override
    public List<String> headers(String name) {
        List<String> values = request.getHttpHeaders().getRequestHeader(name);
        return values == null ? Collections.<String>emptyList() : values;
    }

    @Override
    public String rawQuery() {
        return requestUri().getRequestUri().getRawQuery();
    }

    /** The container pushes its security context before dispatching. */
    @Override
    public String principal() {
        SecurityContext security = ResteasyContext.getContextData(SecurityContext.class);
        Principal principal = security == null ? null : security.getUserPrincipal();
        return principal == null ? null : principal.getName();
    }

    @Override
    public long contentLength() {
        List<String> declared = headers("Content-Length");
        try {
            return declared.isEmpty() ? -1 : Long.parseLong(declared.get(0).trim());
        } catch (NumberFormatException malformed) {
            return -1;
        }
    }

    @Override
    protected InputStream openBody() {
        return request.getInputStream();
    }
}
