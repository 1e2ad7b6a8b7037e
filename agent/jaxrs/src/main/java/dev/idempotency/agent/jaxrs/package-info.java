/**
 * What the JAX-RS adapters share beyond the bridge: rules of JAX-RS, not of the exchange with the
 * core. The build copies these classes into each adapter's nested jar (Jersey javax, Jersey
 * jakarta, RESTEasy), so an adapter defined in a loader brings them along. They use JDK types only,
 * so every copy is the same class file: a loader given two adapters keeps the first copy, as the
 * agent skips a class its loader already has.
 */
package dev.idempotency.agent.jaxrs;
