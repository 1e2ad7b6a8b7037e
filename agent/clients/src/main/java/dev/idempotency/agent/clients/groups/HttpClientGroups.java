package dev.idempotency.agent.clients.groups;

import dev.idempotency.agent.tooling.InstrumentationGroup;
import dev.idempotency.agent.tooling.InstrumentationLibrary;
import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.SupportedRange;
import java.util.Arrays;
import java.util.List;

/**
 * The HTTP client libraries an application brings: Apache HttpClient 4 and 5, OkHttp, Spring's
 * clients. The JDK's own clients and hand-offs come with the JVM and are described apart
 * ({@code JdkGroups}).
 */
public final class HttpClientGroups implements InstrumentationLibrary {

    /** Apache HttpClient 4.3 to 4.5, the clients {@code HttpClientBuilder} builds: their unsafe calls carry derived keys. */
    public static final GroupDescription APACHE_HTTPCLIENT4 = GroupDescription.client("apache-httpclient4",
            SupportedRange.of("Apache HttpClient", "4.3", "4.5", "HttpClientBuilder's clients", "client-apache-httpclient4.jar"));
    /**
     * Apache HttpClient 5 ({@code org.apache.hc.client5}): the classic clients
     * {@code HttpClientBuilder} and {@code HttpClients.createMinimal} build, and the async clients:
     * their unsafe calls carry derived keys.
     */
    public static final GroupDescription APACHE_HTTPCLIENT5 = GroupDescription.client("apache-httpclient5",
            SupportedRange.of("Apache HttpClient", "5.0", "5.6", "classic and async clients", "client-apache-httpclient5.jar"));
    /** OkHttp 3 and 4 ({@code okhttp3}): their unsafe calls carry derived keys. */
    public static final GroupDescription OKHTTP3 = GroupDescription.client("okhttp3",
            SupportedRange.of("OkHttp", "3.0", "4.12", "okhttp3", "client-okhttp3.jar"));
    /** Spring's {@code WebClient}, on any connector: its unsafe calls carry derived keys. */
    public static final GroupDescription SPRING_WEBCLIENT = GroupDescription.client("spring-webclient",
            SupportedRange.of("Spring WebClient", "5.0", "7.0", "any connector", "client-spring-webclient.jar"));
    /** Spring's {@code RestTemplate} and {@code RestClient}, on any request factory: their unsafe calls carry derived keys. */
    public static final GroupDescription SPRING_REST_CLIENTS = GroupDescription.client("spring-rest-clients",
            SupportedRange.of("Spring", "4.3", "7.0", "RestTemplate and RestClient", "client-spring-web.jar"));

    @Override
    public List<GroupDescription> described() {
        return Arrays.asList(APACHE_HTTPCLIENT4, APACHE_HTTPCLIENT5, OKHTTP3, SPRING_WEBCLIENT, SPRING_REST_CLIENTS);
    }

    @Override
    public List<InstrumentationGroup> groups() {
        return Arrays.asList(ClientInstrumentation.apacheHttpClient4(), ApacheHttpClient5Instrumentation.v5(),
                ClientInstrumentation.okHttp3(), ClientInstrumentation.springWebClient(),
                ClientInstrumentation.springRestClients());
    }
}
