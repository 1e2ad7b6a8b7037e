/**
 * The servlet adapter, written once against {@code javax.servlet}. The build derives the
 * {@code jakarta.servlet} twin from these classes by relocation (package
 * {@code dev.idempotency.agent.servlet.jakarta}), so both namespaces run the same code.
 * Only methods present in both APIs may be used here.
 *
 * <p>These classes are never loaded by the agent's own loader: they are injected into the class
 * loader that defines the instrumented servlet or filter, and reach the core only through
 * {@link dev.idempotency.agent.bootstrap.Bridge}.
 */
package dev.idempotency.agent.servlet.javax;
