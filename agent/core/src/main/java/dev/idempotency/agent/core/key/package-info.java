/** The idempotency key: parsing and validating the header that names an operation. */
package dev.idempotency.agent.core.key;
