/** Client deadlines: how long the caller is still waiting for this attempt. */
package dev.idempotency.agent.core.deadline;
