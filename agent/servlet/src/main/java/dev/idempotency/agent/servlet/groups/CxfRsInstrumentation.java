package dev.idempotency.agent.servlet.groups;

import static net.bytebuddy.matcher.ElementMatchers.declaresMethod;
import static net.bytebuddy.matcher.ElementMatchers.isStatic;
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
 * Apache CXF 3's JAX-RS frontend ({@code javax.ws.rs}): {@code JAXRSUtils.processParameters(
 * OperationResourceInfo, MultivaluedMap, Message)}, which CXF calls once it has matched the
 * resource method and run the request filters, before it reads the method's parameters, on every
 * transport (its servlets in any container, TomEE's and Open Liberty's integrations, its own Jetty
 * transport). The loader must see {@code javax.ws.rs} and {@code javax.servlet}: CXF 4's class of
 * the same name, in {@code jakarta.ws.rs}, is not this group's.
 */
final class CxfRsInstrumentation extends HostApiInstrumentation {

    static final String UTILS = "org.apache.cxf.jaxrs.utils.JAXRSUtils";

    private CxfRsInstrumentation() {
        super(CxfGroups.RS_JAVAX, GroupRole.JAXRS,
                "javax.ws.rs.core.Response", "javax.servlet.Servlet");
    }

    static CxfRsInstrumentation javax() {
        return new CxfRsInstrumentation();
    }

    @Override
    public Set<String> classNames() {
        return Collections.singleton(UTILS);
    }

    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return named(UTILS).and(declaresMethod(processParameters()));
    }

    @Override
    public List<MethodAdvice> advice() {
        return Collections.singletonList(new MethodAdvice(processParameters(),
                "dev.idempotency.agent.servlet.cxfrs.javax.CxfRsAdvice"));
    }

    private static ElementMatcher.Junction<MethodDescription> processParameters() {
        return isStatic().and(named("processParameters"))
                .and(takesArguments(3))
                .and(takesArgument(0, named("org.apache.cxf.jaxrs.model.OperationResourceInfo")))
                .and(takesArgument(1, named("javax.ws.rs.core.MultivaluedMap")))
                .and(takesArgument(2, named("org.apache.cxf.message.Message")));
    }
}
