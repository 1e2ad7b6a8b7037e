/** The agent's own answers as problem+json documents (RFC 9457). */
package dev.idempotency.agent.core.problem;
