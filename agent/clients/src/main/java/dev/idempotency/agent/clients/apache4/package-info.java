/**
 * Apache HttpClient 4.3 to 4.5 (the clients {@code HttpClientBuilder} builds): unsafe calls of a
 * protected execution carry its derived keys.
 */
package dev.idempotency.agent.clients.apache4;
