/** Responses: what is kept of an application's answer, and what a replay may repeat. */
package dev.idempotency.agent.core.response;
