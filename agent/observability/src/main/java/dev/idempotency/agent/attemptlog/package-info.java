/**
 * The attempt log: one JSON line per attempt, ECS field names, written off the request thread to
 * stdout, stderr or a rotating file. Only the fields {@link dev.idempotency.agent.attemptlog.AttemptEventJson}
 * names are ever written; keys and scopes may be hashed, bodies appear only redacted.
 */
package dev.idempotency.agent.attemptlog;
