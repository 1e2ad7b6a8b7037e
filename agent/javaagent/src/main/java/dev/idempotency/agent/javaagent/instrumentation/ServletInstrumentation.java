package dev.idempotency.agent.javaagent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.io.IOException;
import java.util.List;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * {@code Servlet.service} and {@code Filter.doFilter} of one servlet namespace ({@code javax} or
 * {@code jakarta}). Every concrete servlet and filter is advised; the advice itself acts only on
 * the outermost call of a declared endpoint.
 */
final class ServletInstrumentation {

    private final String namespace;
    private final NestedJar adapter;
    private final CanSee seesApi;

    private ServletInstrumentation(String namespace, NestedJar adapter) {
        this.namespace = namespace;
        this.adapter = adapter;
        this.seesApi = new CanSee(namespace + ".servlet.Servlet");
    }

    static ServletInstrumentation javax() throws IOException {
        return new ServletInstrumentation("javax", NestedJar.open("servlet-javax.jar"));
    }

    static ServletInstrumentation jakarta() throws IOException {
        return new ServletInstrumentation("jakarta", NestedJar.open("servlet-jakarta.jar"));
    }

    /** Loaders that can see this namespace's servlet API: the only ones whose classes can match. */
    CanSee seesApi() {
        return seesApi;
    }

    /** Internal names of the interfaces every advised class implements, for {@link ServletHierarchy}. */
    List<String> entryInterfaces() {
        return List.of(namespace + "/servlet/Servlet", namespace + "/servlet/Filter");
    }

    AgentBuilder applyTo(AgentBuilder builder) {
        String api = namespace + ".servlet.";
        ElementMatcher.Junction<MethodDescription> service = named("service")
                .and(takesArguments(2))
                .and(takesArgument(0, named(api + "ServletRequest")))
                .and(takesArgument(1, named(api + "ServletResponse")))
                .and(not(isAbstract()));
        ElementMatcher.Junction<MethodDescription> doFilter = named("doFilter")
                .and(takesArguments(3))
                .and(takesArgument(0, named(api + "ServletRequest")))
                .and(takesArgument(1, named(api + "ServletResponse")))
                .and(not(isAbstract()));
        return builder
                .type(not(isInterface()).and(hasSuperType(namedOneOf(api + "Servlet", api + "Filter"))),
                        seesApi)
                .transform(new HelperInjector(adapter))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(new ClassFileLocator.Simple(adapter.classes()))
                        .advice(service.or(doFilter), "dev.idempotency.agent.servlet." + namespace + ".ServletAdvice"));
    }
}
