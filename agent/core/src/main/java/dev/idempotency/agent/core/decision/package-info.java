/** The decision: what the agent does with each request to a declared endpoint, and with its outcome. */
package dev.idempotency.agent.core.decision;
