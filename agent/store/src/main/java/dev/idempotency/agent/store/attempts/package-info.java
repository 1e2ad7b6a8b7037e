/**
 * Replays' attempt counts held in memory until a store writes them in a batch, read together
 * with the stored count so that requests one after another are numbered exactly.
 */
package dev.idempotency.agent.store.attempts;
