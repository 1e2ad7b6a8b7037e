package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import dev.idempotency.agent.bootstrap.exchange.ExchangeStart;
import dev.idempotency.agent.bootstrap.exchange.HostRequestView;
import dev.idempotency.agent.bootstrap.exchange.ResourceMethodHost;
import java.io.IOException;
import java.io.InputStream;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.ws.rs.core.Response;
import org.apache.cxf.jaxrs.model.OperationResourceInfo;
import org.apache.cxf.jaxrs.utils.HttpUtils;
import org.apache.cxf.message.Message;

/**
 * The Apache CXF 3 JAX-RS side of the begin sequence, once CXF has matched a resource method:
 * routes by that method, reads the body from CXF's message and puts it back there, answers as a
 * request filter's {@code abortWith} does (a {@code Response} on the exchange), or puts the servlet
 * adapter's buffering request and capturing response in the message for CXF to write through.
 * The exchange then ends at CXF's HTTP destination ({@link CxfDestinationAdvice}), or earlier
 * when CXF closes the response.
 *
 * <p>Public, as the advice inlined into CXF calls it. This class is compiled with the servlet
 * adapter and shipped as its relocated twin
 * ({@code ...servlet.cxfrs.javax}), so that the CXF loader gets the servlet adapter's request and
 * response wrappers with it; the servlet adapter's own jars leave it out.
 */
public final class CxfRsHost extends ResourceMethodHost<Object> {

    /** {@code AbstractHTTPDestination.HTTP_REQUEST} and {@code HTTP_RESPONSE}: every CXF HTTP transport's keys. */
    private static final String HTTP_REQUEST = "HTTP.REQUEST";
    private static final String HTTP_RESPONSE = "HTTP.RESPONSE";

    private final OperationResourceInfo resourceMethod;
    private final Message message;
    private final HttpServletRequest request;
    private final HttpServletResponse response;
    private String path;
    private RequestBody readAhead;

    private CxfRsHost(OperationResourceInfo resourceMethod, Message message, HttpServletRequest request,
            HttpServletResponse response) {
        this.resourceMethod = resourceMethod;
        this.message = message;
        this.request = request;
        this.response = response;
    }

    /**
     * Returns {@code Boolean.TRUE} when the agent answered, the exception to throw in the method's
     * place when no answer could be built, else {@code null}: CXF reads the parameters and invokes the
     * method (under capture when the request is claimed). A sub-resource locator is passed by: CXF
     * comes back here with the method the located resource serves.
     */
    public static Object begin(OperationResourceInfo resourceMethod, Message message) {
        Object request = message.get(HTTP_REQUEST);
        Object response = message.get(HTTP_RESPONSE);
        if (resourceMethod.isSubResourceLocator() || !(request instanceof HttpServletRequest)
                || !(response instanceof HttpServletResponse)) {
            return null;
        }
        return ExchangeStart.begin(new CxfRsHost(resourceMethod, message, (HttpServletRequest) request,
                (HttpServletResponse) response));
    }

    /**
     * A servlet, filter or CXF destination that took the request by path keeps it; it is told that
     * CXF matched a resource method, so a 404 of that method's is the method's answer, not CXF's.
     */
    @Override
    public boolean mayTake() {
        if (request.getAttribute(Bridge.REQUEST_MARKER) != null) {
            request.setAttribute(Bridge.RESOURCE_METHOD_REACHED, Boolean.TRUE);
            return false;
        }
        return true;
    }

    /** The method CXF dispatched on, an override header's included. */
    @Override
    public String method() {
        Object dispatched = message.get(Message.HTTP_REQUEST_METHOD);
        return dispatched instanceof String ? (String) dispatched : request.getMethod();
    }

    @Override
    public Route route(Gate gate) {
        path = HttpUtils.getPathToMatch(message, true);
        return routeResourceMethod(gate, resourceMethod.getClassResourceInfo().getResourceClass(),
                resourceMethod.getMethodToInvoke(), path);
    }

    /**
     * Once per request: not when a filter in front already told it by path (TomEE's filter hands
     * requests to CXF; the container's mapping does not say that CXF serves them).
     */
    @Override
    public boolean tellsUndeclared() {
        if (request.getAttribute(ServletHost.UNDECLARED_MARKER) != null) {
            return false;
        }
        request.setAttribute(ServletHost.UNDECLARED_MARKER, Boolean.TRUE);
        return true;
    }

    @Override
    public void mark() {
        request.setAttribute(Bridge.REQUEST_MARKER, Boolean.TRUE);
        request.setAttribute(Bridge.RESOURCE_METHOD_REACHED, Boolean.TRUE);
    }

    /** The body as CXF would read it: from its message, where a request filter may have replaced it. */
    @Override
    public HostRequestView view() {
        return new ServletRequestView(request, path, resourceClass()) {
            @Override
            protected InputStream openBody() throws IOException {
                InputStream body = message.getContent(InputStream.class);
                return body != null ? body : super.openBody();
            }
        };
    }

    @Override
    public void replay(RequestBody body) {
        readAhead = body;
    }

    /**
     * The agent's answer for CXF to write, where an aborting request filter puts its own; when it
     * cannot be built, the agent's 500 the same way; when even that fails, the exception CXF answers
     * with its own 500.
     */
    @Override
    public Object answer(Verdict verdict) {
        try {
            Response.ResponseBuilder answer = Response.status(verdict.status());
            verdict.addHeadersTo(answer::header);
            if (verdict.body() != null && verdict.body().length > 0) {
                answer.entity(verdict.body());
            }
            message.getExchange().put(Response.class, answer.build());
            verdict.delivered();
            return Boolean.TRUE;
        } catch (Throwable failure) {
            verdict.notDelivered(Verdict.FAILURE_STATUS, failure);
            try {
                message.getExchange().put(Response.class, Response.status(Verdict.FAILURE_STATUS)
                        .type(Verdict.PROBLEM_CONTENT_TYPE).entity(verdict.failureBody()).build());
                return Boolean.TRUE;
            } catch (Throwable again) {
                return new IllegalStateException("idempotency-agent-failure: the agent could not write its answer, "
                        + "so the resource method was not run", failure);
            }
        }
    }

    /**
     * CXF reads the body the core read from the message and writes the response through the
     * message's servlet response: both become the servlet adapter's wrappers, and the exchange
     * ends where the CXF destination returns.
     */
    @Override
    public Object proceed(Verdict verdict) throws IOException {
        ServletExchange exchange = ServletExchange.observe(request, response, readAhead, verdict);
        HttpServletRequest observed = (HttpServletRequest) exchange.request(request);
        message.put(HTTP_REQUEST, observed);
        message.put(HTTP_RESPONSE, exchange.response(response));
        if (readAhead != null) {
            message.setContent(InputStream.class, observed.getInputStream());
        }
        exchange.leaveToEntryFurtherOut(request);
        return null;
    }
}
