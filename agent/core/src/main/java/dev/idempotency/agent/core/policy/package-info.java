/** Endpoint policies: the settings that apply to one declared endpoint at run time. */
package dev.idempotency.agent.core.policy;
