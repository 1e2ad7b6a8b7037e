/**
 * The store SPI: where keys are claimed atomically and outcomes kept. Time for leases and expiry
 * comes from the store's own clock, never from the JVM's, so several instances agree.
 */
package dev.idempotency.agent.store;
