/** Scopes: the namespace (tenant, principal, whole service) within which a key names one operation. */
package dev.idempotency.agent.core.scope;
