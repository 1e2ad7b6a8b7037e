/**
 * Apache HttpClient 5 classic (blocking) clients, those {@code HttpClientBuilder} and
 * {@code HttpClients.createMinimal} build: unsafe calls of a protected execution carry its derived
 * keys; its async clients too, where their request is handed to HttpCore 5's {@code BasicRequestProducer}.
 */
package dev.idempotency.agent.clients.apache5;
