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
 * OkHttp 3 and 4: {@code OkHttpClient.newCall(Request)}, where every call is made. Serves no
 * endpoint: the unsafe calls of a protected execution carry its derived keys
 * ({@code propagate-key}). The adapter is defined in the loader that sees the library and is
 * reference-checked there like every adapter.
 */
final class OkHttpInstrumentation extends HostApiInstrumentation {

    static final String CLIENT = "okhttp3.OkHttpClient";

    private OkHttpInstrumentation() {
        super(InstrumentationGroups.OKHTTP3, "OkHttp 3.0 to 4.12", EntryPointKind.DOWNSTREAM_CLIENT, CLIENT);
    }

    static OkHttpInstrumentation v3() {
        return new OkHttpInstrumentation();
    }

    @Override
    public Set<String> classNames() {
        return Collections.singleton(CLIENT);
    }

    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return named(CLIENT);
    }

    @Override
    public List<MethodAdvice> advice() {
        return Collections.singletonList(new MethodAdvice(named("newCall").and(takesArguments(1))
                .and(takesArgument(0, named("okhttp3.Request"))),
                "dev.idempotency.agent.clients.okhttp3.NewCallAdvice"));
    }

    @Override
    public String adapterJar() {
        return "client-okhttp3.jar";
    }
}
