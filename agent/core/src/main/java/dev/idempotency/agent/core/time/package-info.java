/** Clocks of this JVM, injectable so tests decide what time it is. */
package dev.idempotency.agent.core.time;
