/** Attempt events: one structured record per request to a declared endpoint, for the attempt log. */
package dev.idempotency.agent.core.attempt;
