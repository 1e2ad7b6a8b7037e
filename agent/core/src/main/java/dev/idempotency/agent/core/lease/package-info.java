/** Leases held by this JVM: the claims still executing, for the keeper to renew. */
package dev.idempotency.agent.core.lease;
