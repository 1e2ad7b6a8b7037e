/** What a service takes that changes state and is not declared: the material of {@code discover}. */
package dev.idempotency.agent.core.discover;
