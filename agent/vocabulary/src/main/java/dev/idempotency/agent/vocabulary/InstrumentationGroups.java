package dev.idempotency.agent.vocabulary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The names of the instrumentation groups an operator may switch off with
 * {@code instrumentation.disabled}: one per host API the agent instruments. The instrumentations
 * name their group with these constants, so the config and the agent cannot disagree on a name.
 */
public final class InstrumentationGroups {

    /** Servlets and filters of {@code javax.servlet} (Servlet 3.0 to 4.0, e.g. Tomcat 7 to 9). */
    public static final String SERVLET_JAVAX = "servlet-javax";
    /** Servlets and filters of {@code jakarta.servlet} (Servlet 5 and 6, e.g. Jetty 12, WildFly). */
    public static final String SERVLET_JAKARTA = "servlet-jakarta";
    /** Jersey 2's dispatch to a matched resource method ({@code javax.ws.rs}). */
    public static final String JERSEY_JAVAX = "jersey-javax";
    /** Jersey 3 and 4's dispatch to a matched resource method ({@code jakarta.ws.rs}). */
    public static final String JERSEY_JAKARTA = "jersey-jakarta";
    /** RESTEasy 6 and 7's dispatch to a matched resource method ({@code jakarta.ws.rs}). */
    public static final String RESTEASY_JAKARTA = "resteasy-jakarta";
    /** RESTEasy 4's dispatch to a matched resource method ({@code javax.ws.rs}). */
    public static final String RESTEASY4_JAVAX = "resteasy4-javax";
    /** RESTEasy 3's (3.5 to 3.15) dispatch to a matched resource method ({@code javax.ws.rs}). */
    public static final String RESTEASY3_JAVAX = "resteasy3-javax";
    /**
     * Apache CXF 3's HTTP destination ({@code javax.servlet}): the requests of CXF's own Jetty
     * transport, which reach no servlet or filter.
     */
    public static final String CXF_JAVAX = "cxf-javax";
    /**
     * Apache CXF 3's JAX-RS dispatch to a matched resource method ({@code javax.ws.rs}), in any
     * container and on CXF's own Jetty transport.
     */
    public static final String CXF_RS_JAVAX = "cxfrs-javax";

    /**
     * The JDK's {@code java.net.HttpURLConnection} (and what is built on it: JAX-RS clients on their
     * default connector, Spring's {@code RestTemplate} by default): its unsafe calls carry derived keys
     * for endpoints with {@code propagate-key}.
     */
    public static final String HTTP_URL_CONNECTION = "http-url-connection";
    /** The JDK's {@code java.net.http.HttpClient} (Java 11 on): its unsafe calls carry derived keys. */
    public static final String JDK_HTTP_CLIENT = "jdk-http-client";

    /**
     * Apache HttpClient 4.3 to 4.5, the clients {@code HttpClientBuilder} builds: their unsafe calls
     * carry derived keys.
     */
    public static final String APACHE_HTTPCLIENT4 = "apache-httpclient4";
    /**
     * Apache HttpClient 5 ({@code org.apache.hc.client5}): the classic clients
     * {@code HttpClientBuilder} and {@code HttpClients.createMinimal} build, and the async clients:
     * their unsafe calls carry derived keys.
     */
    public static final String APACHE_HTTPCLIENT5 = "apache-httpclient5";
    /** OkHttp 3 and 4 ({@code okhttp3}): their unsafe calls carry derived keys. */
    public static final String OKHTTP3 = "okhttp3";
    /** Spring's {@code WebClient}, on any connector: its unsafe calls carry derived keys. */
    public static final String SPRING_WEBCLIENT = "spring-webclient";
    /** Spring's {@code RestTemplate} and {@code RestClient}, on any request factory: their unsafe calls carry derived keys. */
    public static final String SPRING_REST_CLIENTS = "spring-rest-clients";

    /**
     * The JDK's hand-offs of work to other threads ({@code ExecutorService}, {@code CompletableFuture}'s
     * async tasks, {@code ForkJoinPool}, {@code Thread}): calls made there for a protected execution
     * carry its derived keys.
     */
    public static final String JDK_HAND_OFFS = "jdk-hand-offs";

    /** The groups of entry points: the requests the agent protects. */
    public static final List<String> ENTRY_POINTS = Collections.unmodifiableList(Arrays.asList(SERVLET_JAVAX, SERVLET_JAKARTA, JERSEY_JAVAX, JERSEY_JAKARTA, RESTEASY_JAKARTA, RESTEASY4_JAVAX, RESTEASY3_JAVAX, CXF_JAVAX, CXF_RS_JAVAX));
    /** The groups of HTTP clients: the downstream calls a protected request makes. */
    public static final List<String> CLIENTS = Collections.unmodifiableList(Arrays.asList(HTTP_URL_CONNECTION, JDK_HTTP_CLIENT, APACHE_HTTPCLIENT4, APACHE_HTTPCLIENT5, OKHTTP3, SPRING_WEBCLIENT, SPRING_REST_CLIENTS, JDK_HAND_OFFS));

    /** Every group, in the order the documentation lists them: the entry points, then the clients. */
    public static final List<String> ALL = both(ENTRY_POINTS, CLIENTS);

    private InstrumentationGroups() {
    }

    private static List<String> both(List<String> first, List<String> second) {
        List<String> both = new ArrayList<>(first);
        both.addAll(second);
        return Collections.unmodifiableList(both);
    }
}
