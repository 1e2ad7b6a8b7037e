package dev.idempotency.agent.servlet.groups;

import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.isAbstract;
import static net.bytebuddy.matcher.ElementMatchers.isInterface;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.not;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.idempotency.agent.tooling.GroupRole;
import dev.idempotency.agent.tooling.HostApiInstrumentation;
import dev.idempotency.agent.tooling.MethodAdvice;
import dev.idempotency.agent.vocabulary.GroupDescription;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * {@code Servlet.service} and {@code Filter.doFilter} of one servlet namespace ({@code javax} or
 * {@code jakarta}). Every concrete servlet and filter is advised; the advice itself acts only on
 * the outermost call of a declared endpoint.
 */
final class ServletInstrumentation extends HostApiInstrumentation {

    private final String namespace;
    private final String api;

    private ServletInstrumentation(GroupDescription group, String namespace) {
        super(group, GroupRole.SERVLET, namespace + ".servlet.Servlet");
        this.namespace = namespace;
        this.api = namespace + ".servlet.";
    }

    static ServletInstrumentation javax() {
        return new ServletInstrumentation(ServletGroups.JAVAX, "javax");
    }

    static ServletInstrumentation jakarta() {
        return new ServletInstrumentation(ServletGroups.JAKARTA, "jakarta");
    }

    @Override
    public Set<String> entryInterfaces() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(api + "Servlet", api + "Filter")));
    }

    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return not(isInterface()).and(hasSuperType(namedOneOf(api + "Servlet", api + "Filter")));
    }

    @Override
    public List<MethodAdvice> advice() {
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
        return Collections.singletonList(new MethodAdvice(service.or(doFilter), "dev.idempotency.agent.servlet." + namespace + ".ServletAdvice"));
    }
}
