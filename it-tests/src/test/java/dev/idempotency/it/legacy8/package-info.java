/**
 * The estate's stacks that run on Java 8 alone (made for it, and not runnable on 17 without extra
 * JVM flags): Spring Boot 1.5, WildFly 10.1 and 14, Jersey 2.8 and 2.0 on the JDK HTTP server. Run
 * by the {@code java-8} profile of {@code it-tests} only, with the same scenarios as
 * {@code dev.idempotency.it.legacy}.
 */
package dev.idempotency.it.legacy8;
