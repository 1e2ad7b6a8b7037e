package dev.idempotency.agent.bootstrap;

/**
 * A request's declared endpoint, as the {@link Gate} routed it: made by the core, carried by the
 * adapter from the routing call to {@link Gate#begin}, never looked into. It holds what routing
 * worked out once (the endpoint, and the routed path in the one normal form the core matches,
 * fingerprints and logs), so the decision does not work it out again.
 */
public interface Route {
}
