/**
 * What the running agent and the operator's commands share, and nothing else: the system
 * properties that say whether the agent runs in a JVM, the file store's MXBean interface with its
 * data types, and how a process finds its own pid.
 */
package dev.idempotency.agent.management;
