/**
 * Apache HttpClient 5 classic (blocking) clients, those {@code HttpClientBuilder} and
 * {@code HttpClients.createMinimal} build: unsafe calls of a protected execution carry its derived
 * keys. The async client is not covered.
 */
package dev.idempotency.agent.clients.apache5;
