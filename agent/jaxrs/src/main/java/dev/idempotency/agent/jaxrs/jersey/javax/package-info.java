/**
 * The Jersey adapter, written once against Jersey 2 and {@code javax.ws.rs}. The build derives the
 * Jersey 3/4 ({@code jakarta.ws.rs}) twin by relocation (package
 * {@code dev.idempotency.agent.jaxrs.jersey.jakarta}); Jersey's own SPI kept its package names, so
 * only API present in both lines may be used here.
 *
 * <p>Hook: {@code org.glassfish.jersey.server.model.ResourceMethodInvoker.apply}, the endpoint
 * Jersey calls once it has matched the resource method, whatever the container (JDK HTTP server,
 * Grizzly, a servlet). Injected into the loader that defines Jersey; reaches the core only through
 * {@link dev.idempotency.agent.bootstrap.Bridge}.
 */
package dev.idempotency.agent.jaxrs.jersey.javax;
