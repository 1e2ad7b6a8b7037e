/**
 * The RESTEasy adapter ({@code jakarta.ws.rs}, RESTEasy 6.2 and 7.0), whatever the container
 * (Netty, Vert.x, Undertow, a servlet). The build relocates it to {@code javax.ws.rs} for RESTEasy 4
 * and, with two RESTEasy names of its own, for RESTEasy 3.5 to 3.15 (see the module's pom).
 *
 * <p>Hooks: {@code org.jboss.resteasy.core.SynchronousDispatcher.invoke(HttpRequest, HttpResponse,
 * ResourceInvoker)}, called once the runtime has matched the resource method; and
 * {@code org.jboss.resteasy.core.ServerResponseWriter.writeNomapResponse}, whose completion
 * callback reports every response written (synchronous, resumed or mapped from an exception). Injected into the loader that defines RESTEasy; reaches the core only
 * through {@link dev.idempotency.agent.bootstrap.Bridge}.
 */
package dev.idempotency.agent.jaxrs.resteasy.jakarta;
