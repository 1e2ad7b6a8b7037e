/** Fingerprints: what makes two requests under one key the same operation, hashed with SHA-256. */
package dev.idempotency.agent.core.fingerprint;
