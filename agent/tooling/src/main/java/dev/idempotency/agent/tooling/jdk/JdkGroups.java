package dev.idempotency.agent.tooling.jdk;

import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.GroupLibrary;
import java.util.Arrays;
import java.util.List;

/**
 * The JDK's own HTTP clients and hand-offs, as the config names them. They come with the JVM, so
 * they claim no range and have no adapter jar; {@link JdkClients} and {@link JdkHandOffs} install
 * them, by retransformation, rather than the engine's catalog.
 */
public final class JdkGroups implements GroupLibrary {

    /**
     * The JDK's {@code java.net.HttpURLConnection} (and what is built on it: JAX-RS clients on their
     * default connector, Spring's {@code RestTemplate} by default): its unsafe calls carry derived keys
     * for endpoints with {@code propagate-key}.
     */
    public static final GroupDescription HTTP_URL_CONNECTION = GroupDescription.jdk("http-url-connection");
    /** The JDK's {@code java.net.http.HttpClient} (Java 11 on): its unsafe calls carry derived keys. */
    public static final GroupDescription JDK_HTTP_CLIENT = GroupDescription.jdk("jdk-http-client");
    /**
     * The JDK's hand-offs of work to other threads ({@code ExecutorService}, {@code CompletableFuture}'s
     * async tasks, {@code ForkJoinPool}, {@code Thread}): calls made there for a protected execution
     * carry its derived keys.
     */
    public static final GroupDescription JDK_HAND_OFFS = GroupDescription.jdk("jdk-hand-offs");

    @Override
    public List<GroupDescription> described() {
        return Arrays.asList(HTTP_URL_CONNECTION, JDK_HTTP_CLIENT, JDK_HAND_OFFS);
    }
}
