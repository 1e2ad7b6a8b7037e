/**
 * The words the config, the core and the stores share: policies, path templates, scope parts,
 * the rules a value must pass and the default of every setting. One definition each, so a value
 * the config accepts is a value the core and the store accept. JDK types only.
 */
package dev.idempotency.agent.vocabulary;
