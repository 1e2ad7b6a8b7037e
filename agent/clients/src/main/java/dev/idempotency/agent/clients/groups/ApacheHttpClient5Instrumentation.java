package dev.idempotency.agent.clients.groups;

import static net.bytebuddy.matcher.ElementMatchers.isConstructor;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.idempotency.agent.tooling.GroupRole;
import dev.idempotency.agent.tooling.HostApiInstrumentation;
import dev.idempotency.agent.tooling.MethodAdvice;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Apache HttpClient 5 classic clients: {@code doExecute} of {@code InternalHttpClient} (what
 * {@code HttpClientBuilder} builds) and {@code MinimalHttpClient}, which every call passes once.
 * Not the exec chain: the client copies the application's request into it, and copies that again for
 * each of its retries, so a key put on one copy would be lost on the next. Serves no endpoint: the
 * unsafe calls of a protected execution carry its derived keys ({@code propagate-key}). The adapter
 * is defined in the loader that sees the library and is reference-checked there like every adapter.
 * The async clients are keyed where their request is handed to a producer, HttpCore 5's
 * {@code BasicRequestProducer} (what {@code execute(SimpleHttpRequest, ...)} and
 * {@code AsyncRequestBuilder} make), on the calling thread; a producer of the application's own
 * is not.
 */
final class ApacheHttpClient5Instrumentation extends HostApiInstrumentation {

    static final String INTERNAL_CLIENT = "org.apache.hc.client5.http.impl.classic.InternalHttpClient";
    static final String MINIMAL_CLIENT = "org.apache.hc.client5.http.impl.classic.MinimalHttpClient";
    static final String REQUEST_PRODUCER = "org.apache.hc.core5.http.nio.support.BasicRequestProducer";

    private ApacheHttpClient5Instrumentation() {
        super(HttpClientGroups.APACHE_HTTPCLIENT5, GroupRole.DOWNSTREAM_CLIENT, INTERNAL_CLIENT);
    }

    static ApacheHttpClient5Instrumentation v5() {
        return new ApacheHttpClient5Instrumentation();
    }

    @Override
    public Set<String> classNames() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(INTERNAL_CLIENT, MINIMAL_CLIENT, REQUEST_PRODUCER)));
    }

    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return namedOneOf(INTERNAL_CLIENT, MINIMAL_CLIENT, REQUEST_PRODUCER);
    }

    @Override
    public List<MethodAdvice> advice() {
        return Arrays.asList(new MethodAdvice(named("doExecute").and(takesArguments(3))
                .and(takesArgument(0, named("org.apache.hc.core5.http.HttpHost")))
                .and(takesArgument(1, named("org.apache.hc.core5.http.ClassicHttpRequest"))),
                "dev.idempotency.agent.clients.apache5.DoExecuteAdvice"),
                new MethodAdvice(isConstructor().and(takesArguments(2))
                        .and(takesArgument(0, named("org.apache.hc.core5.http.HttpRequest"))),
                        "dev.idempotency.agent.clients.apache5.RequestProducerAdvice"));
    }
}
