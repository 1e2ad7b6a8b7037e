package dev.idempotency.agent.servlet.groups;

import static net.bytebuddy.matcher.ElementMatchers.declaresMethod;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.idempotency.agent.tooling.GroupRole;
import dev.idempotency.agent.tooling.HostApiInstrumentation;
import dev.idempotency.agent.tooling.MethodAdvice;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Apache CXF 3 ({@code javax.servlet}): {@code AbstractHTTPDestination.invoke(ServletConfig,
 * ServletContext, HttpServletRequest, HttpServletResponse)}, where every HTTP request of a CXF
 * endpoint arrives, from CXF's servlets and from its own Jetty transport alike. On that transport
 * ({@code JettyHTTPHandler}, a Jetty handler) no servlet or filter runs, so this is the only place
 * the agent sees the request. The advice is the servlet adapter's: inside a servlet container the
 * servlet or filter in front takes a declared request first and this call stays out.
 *
 * <p>CXF 4 has the same class with {@code jakarta.servlet} arguments and is not covered: the loader
 * must see {@code javax.servlet} and the class must declare the {@code javax} method. The
 * relocated twin of the advice in the jakarta servlet adapter is laid by no group.
 */
final class CxfInstrumentation extends HostApiInstrumentation {

    static final String DESTINATION = "org.apache.cxf.transport.http.AbstractHTTPDestination";

    private static final String SERVLET_API = "javax.servlet.";

    private CxfInstrumentation() {
        super(CxfGroups.DESTINATION_JAVAX, GroupRole.SERVLET, DESTINATION,
                SERVLET_API + "Servlet");
    }

    static CxfInstrumentation javax() {
        return new CxfInstrumentation();
    }

    @Override
    public Set<String> classNames() {
        return Collections.singleton(DESTINATION);
    }

    /** CXF 4's class of the same name takes {@code jakarta.servlet} arguments: it is not this group's. */
    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return named(DESTINATION).and(declaresMethod(invoke()));
    }

    @Override
    public List<MethodAdvice> advice() {
        return Collections.singletonList(new MethodAdvice(invoke(), "dev.idempotency.agent.servlet.javax.CxfDestinationAdvice"));
    }

    private static ElementMatcher.Junction<MethodDescription> invoke() {
        return named("invoke")
                .and(takesArguments(4))
                .and(takesArgument(0, named(SERVLET_API + "ServletConfig")))
                .and(takesArgument(1, named(SERVLET_API + "ServletContext")))
                .and(takesArgument(2, named(SERVLET_API + "http.HttpServletRequest")))
                .and(takesArgument(3, named(SERVLET_API + "http.HttpServletResponse")));
    }
}
