/**
 * The only classes of the agent jar on the application's class path: the entry points the JVM
 * calls ({@code premain}, {@code agentmain}, {@code main}) and {@link dev.idempotency.agent.launcher.AgentClassLoader},
 * which loads everything else (core, store, drivers, Byte Buddy, adapters) from entries under
 * {@code inst/} that no other loader can see by name. JDK types only.
 */
package dev.idempotency.agent.launcher;
