/**
 * Body handling shared by every adapter: the request body read ahead of the application, and the
 * bounded copy of the response body as it goes to the client. JDK types only, like the rest of
 * the bridge, so adapters injected into any loader use the one copy on the bootstrap path.
 */
package dev.idempotency.agent.bootstrap.body;
