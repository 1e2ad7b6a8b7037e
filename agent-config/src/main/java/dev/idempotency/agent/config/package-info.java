/**
 * The agent's config: an immutable model ({@link dev.idempotency.agent.config.AgentConfig}) and
 * the loader that reads it from YAML or JSON ({@link dev.idempotency.agent.config.ConfigLoader}).
 *
 * <p>This package runs inside {@code premain}, before any logging exists: it never logs, it
 * reports every problem it finds through {@link dev.idempotency.agent.config.ConfigException},
 * and it depends on nothing but the JDK and Jackson.
 */
package dev.idempotency.agent.config;
