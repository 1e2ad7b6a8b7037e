package dev.idempotency.agent.javaagent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Spring's {@code WebClient}: {@code initRequestBuilder()} of {@code DefaultWebClient}'s request
 * spec, where every request it sends is made, on the calling thread, whatever connector sends it
 * (Reactor Netty, Jetty, Apache HttpClient 5, the JDK's client). Not the exchange function: that
 * runs when the answer is subscribed to, perhaps on another thread, and again on every
 * resubscription. Serves no endpoint: the unsafe calls of a protected execution carry its derived
 * keys ({@code propagate-key}). The adapter is defined in the loader that sees the library and is
 * reference-checked there like every adapter.
 */
final class SpringWebClientInstrumentation extends HostApiInstrumentation {

    static final String REQUEST_SPEC = "org.springframework.web.reactive.function.client.DefaultWebClient$DefaultRequestBodyUriSpec";

    private SpringWebClientInstrumentation() {
        super(InstrumentationGroups.SPRING_WEBCLIENT, "Spring WebClient 5.0 to 7.0", EntryPointKind.DOWNSTREAM_CLIENT,
                REQUEST_SPEC);
    }

    static SpringWebClientInstrumentation v5() {
        return new SpringWebClientInstrumentation();
    }

    @Override
    public Set<String> classNames() {
        return Collections.singleton(REQUEST_SPEC);
    }

    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return named(REQUEST_SPEC);
    }

    @Override
    public List<MethodAdvice> advice() {
        return Collections.singletonList(new MethodAdvice(named("initRequestBuilder").and(takesArguments(0)),
                "dev.idempotency.agent.clients.webclient.RequestBuilderAdvice"));
    }

    @Override
    public String adapterJar() {
        return "client-spring-webclient.jar";
    }
}
