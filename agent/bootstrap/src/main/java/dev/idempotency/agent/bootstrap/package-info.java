/**
 * The bridge between instrumented code and the agent core.
 *
 * <p>These classes are appended to the bootstrap class path at start-up, so advice inlined into
 * any class loader (a container's {@code lib/}, a web application, a fat jar) can reach them.
 * They use JDK types only and hold no reference to application classes. Adapters (servlet,
 * JAX-RS) describe a request with {@link RequestView} and report what the application answered
 * with {@link CapturedResponse}; the core behind {@link Gate} decides.
 */
package dev.idempotency.agent.bootstrap;
