/**
 * Spring's {@code RestTemplate} and {@code RestClient}, on any request factory (Reactor Netty,
 * Jetty, the JDK's client, Apache HttpClient, OkHttp, {@code HttpURLConnection}): unsafe calls of a
 * protected execution carry its derived keys.
 */
package dev.idempotency.agent.clients.springweb;
