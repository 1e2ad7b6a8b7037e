/**
 * Attempt metrics over JMX: counters per decision and failure class, executions in flight, lost
 * log events and a latency summary, as {@code dev.idempotency.agent:type=Attempts} and one bean
 * per endpoint. Counting is a few {@link java.util.concurrent.atomic.LongAdder} increments per
 * attempt on the request thread; everything else happens when a JMX client reads.
 */
package dev.idempotency.agent.metrics;
