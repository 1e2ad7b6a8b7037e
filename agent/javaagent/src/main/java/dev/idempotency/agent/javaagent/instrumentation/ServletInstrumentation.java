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
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * {@code Servlet.service} and {@code Filter.doFilter} of one servlet namespace ({@code javax} or
 * {@code jakarta}). Every concrete servlet and filter is advised; the advice itself acts only on
 * the outermost call of a declared endpoint.
 */
final class ServletInstrumentation {

    private final String namespace;
    private final NestedJar adapter;
    private final ClassDefiner definer;

    private ServletInstrumentation(String namespace, NestedJar adapter, ClassDefiner definer) {
        this.namespace = namespace;
        this.adapter = adapter;
        this.definer = definer;
    }

    static ServletInstrumentation javax(ClassDefiner definer) throws IOException {
        return new ServletInstrumentation("javax", NestedJar.open("servlet-javax.jar"), definer);
    }

    static ServletInstrumentation jakarta(ClassDefiner definer) throws IOException {
        return new ServletInstrumentation("jakarta", NestedJar.open("servlet-jakarta.jar"), definer);
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
                        new CanSee(api + "Servlet"))
                .transform(new HelperInjector(adapter, definer))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adapter.adviceLocator())
                        .advice(service.or(doFilter), "dev.idempotency.agent.servlet." + namespace + ".ServletAdvice"));
    }
}
