package dev.idempotency.agent.clients.groups;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.idempotency.agent.tooling.GroupRole;
import dev.idempotency.agent.tooling.HostApiInstrumentation;
import dev.idempotency.agent.tooling.MethodAdvice;
import dev.idempotency.agent.vocabulary.GroupDescription;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * An HTTP client library an application brings, advised at the one method each of its calls passes
 * once, on the calling thread. Serves no endpoint: the unsafe calls of a protected execution carry
 * its derived keys ({@code propagate-key}). The adapter is defined in the loader that sees the
 * library and is reference-checked there like every adapter. Apache HttpClient 5, advised at three
 * classes, is {@link ApacheHttpClient5Instrumentation}.
 */
final class ClientInstrumentation extends HostApiInstrumentation {

    private final String className;
    private final MethodAdvice advice;

    private ClientInstrumentation(GroupDescription group, String className,
            ElementMatcher<? super MethodDescription> method, String adviceClass) {
        super(group, GroupRole.DOWNSTREAM_CLIENT, className);
        this.className = className;
        this.advice = new MethodAdvice(method, adviceClass);
    }

    /**
     * Apache HttpClient 4.3 to 4.5: {@code ProtocolExec.execute}, which every call of a client
     * {@code HttpClientBuilder} builds passes once. The deprecated {@code DefaultHttpClient} of 4.0
     * to 4.2 calls no {@code ProtocolExec} and is not covered.
     */
    static ClientInstrumentation apacheHttpClient4() {
        return new ClientInstrumentation(HttpClientGroups.APACHE_HTTPCLIENT4, "org.apache.http.impl.execchain.ProtocolExec",
                named("execute").and(takesArguments(4))
                        .and(takesArgument(0, named("org.apache.http.conn.routing.HttpRoute")))
                        .and(takesArgument(1, named("org.apache.http.client.methods.HttpRequestWrapper"))),
                "dev.idempotency.agent.clients.apache4.ProtocolExecAdvice");
    }

    /** OkHttp 3 and 4: {@code OkHttpClient.newCall(Request)}, where every call is made. */
    static ClientInstrumentation okHttp3() {
        return new ClientInstrumentation(HttpClientGroups.OKHTTP3, "okhttp3.OkHttpClient",
                named("newCall").and(takesArguments(1)).and(takesArgument(0, named("okhttp3.Request"))),
                "dev.idempotency.agent.clients.okhttp3.NewCallAdvice");
    }

    /**
     * Spring's {@code WebClient}: {@code initRequestBuilder()} of {@code DefaultWebClient}'s request
     * spec, where every request it sends is made, once, on the calling thread, whatever connector
     * sends it (Reactor Netty, Jetty, Apache HttpClient 5, the JDK's client). Not the exchange
     * function: that runs when the answer is subscribed to, perhaps on another thread, and again on
     * every resubscription.
     */
    static ClientInstrumentation springWebClient() {
        return new ClientInstrumentation(HttpClientGroups.SPRING_WEBCLIENT,
                "org.springframework.web.reactive.function.client.DefaultWebClient$DefaultRequestBodyUriSpec",
                named("initRequestBuilder").and(takesArguments(0)),
                "dev.idempotency.agent.clients.webclient.RequestBuilderAdvice");
    }

    /**
     * Spring's {@code RestTemplate} and {@code RestClient}: {@code AbstractClientHttpRequest.execute()},
     * which each of their requests passes once, on the calling thread, with its headers still open,
     * whatever request factory made it. The client under it then finds the header set and leaves
     * the call as it is, so a call is keyed and counted once.
     */
    static ClientInstrumentation springRestClients() {
        return new ClientInstrumentation(HttpClientGroups.SPRING_REST_CLIENTS,
                "org.springframework.http.client.AbstractClientHttpRequest", named("execute").and(takesArguments(0)),
                "dev.idempotency.agent.clients.springweb.ExecuteAdvice");
    }

    @Override
    public Set<String> classNames() {
        return Collections.singleton(className);
    }

    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return named(className);
    }

    @Override
    public List<MethodAdvice> advice() {
        return Collections.singletonList(advice);
    }
}
