/**
 * The downstream calls of a protected request: the execution a thread works for, and the keys its
 * unsafe HTTP calls carry. JDK types only, in the bootstrap loader, so advice in any client's
 * loader (the JDK's own among them) reaches it.
 */
package dev.idempotency.agent.bootstrap.downstream;
