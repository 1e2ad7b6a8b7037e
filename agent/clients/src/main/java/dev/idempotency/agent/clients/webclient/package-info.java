/**
 * Spring's {@code WebClient} (Spring 5.0 on, on any connector: Reactor Netty, Jetty, Apache
 * HttpClient 5, the JDK's client): unsafe calls of a protected execution carry its derived keys.
 */
package dev.idempotency.agent.clients.webclient;
