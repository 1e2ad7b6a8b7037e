package dev.idempotency.agent.javaagent.instrumentation;

import java.util.Collections;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.List;
import java.util.Set;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Apache HttpClient 4.3 to 4.5: {@code ProtocolExec.execute}, which every call of a client
 * {@code HttpClientBuilder} builds passes once. Serves no endpoint: the unsafe calls of a protected
 * execution carry its derived keys ({@code propagate-key}). The adapter is defined in the loader
 * that sees the library and is reference-checked there like every adapter. The deprecated
 * {@code DefaultHttpClient} of 4.0 to 4.2 calls no {@code ProtocolExec} and is not covered.
 */
final class ApacheHttpClientInstrumentation extends HostApiInstrumentation {

    static final String PROTOCOL_EXEC = "org.apache.http.impl.execchain.ProtocolExec";

    private ApacheHttpClientInstrumentation() {
        super(InstrumentationGroups.APACHE_HTTPCLIENT4, "Apache HttpClient 4.3 to 4.5 (HttpClientBuilder's clients)",
                EntryPointKind.DOWNSTREAM_CLIENT, PROTOCOL_EXEC);
    }

    static ApacheHttpClientInstrumentation v4() {
        return new ApacheHttpClientInstrumentation();
    }

    @Override
    public Set<String> classNames() {
        return Collections.singleton(PROTOCOL_EXEC);
    }

    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return named(PROTOCOL_EXEC);
    }

    @Override
    public List<MethodAdvice> advice() {
        return Collections.singletonList(new MethodAdvice(named("execute").and(takesArguments(4))
                .and(takesArgument(0, named("org.apache.http.conn.routing.HttpRoute")))
                .and(takesArgument(1, named("org.apache.http.client.methods.HttpRequestWrapper"))),
                "dev.idempotency.agent.clients.apache4.ProtocolExecAdvice"));
    }

    @Override
    public String adapterJar() {
        return "client-apache-httpclient4.jar";
    }
}
