package dev.idempotency.agent.jaxrs.groups;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
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
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * RESTEasy: {@code SynchronousDispatcher.invoke(HttpRequest, HttpResponse, ResourceInvoker)}, the
 * dispatch of a matched request, and {@code ServerResponseWriter.writeNomapResponse(..., Consumer,
 * boolean)}, through which every response is written and reported complete. The same hooks and the
 * same adapter, relocated, for RESTEasy 6 and 7 ({@code jakarta.ws.rs}), 4 and 3.5 to 3.15
 * ({@code javax.ws.rs}); the loader tells them apart, as 3 and 4 share the API's namespace.
 */
final class ResteasyInstrumentation extends HostApiInstrumentation {

    static final String DISPATCHER = "org.jboss.resteasy.core.SynchronousDispatcher";
    static final String RESPONSE_WRITER = "org.jboss.resteasy.core.ServerResponseWriter";

    /** The matched method's invoker from RESTEasy 4 on; RESTEasy 3 has it in {@code org.jboss.resteasy.core}. */
    private static final String INVOKER = "org.jboss.resteasy.spi.ResourceInvoker";
    private static final String INVOKER_3 = "org.jboss.resteasy.core.ResourceInvoker";

    private final String adapterPackage;
    private final String invoker;

    private ResteasyInstrumentation(GroupDescription group, String invoker, String... apiClasses) {
        super(group, GroupRole.JAXRS, apiClasses);
        this.adapterPackage = "dev.idempotency.agent.jaxrs." + group.name().replace('-', '.') + ".";
        this.invoker = invoker;
    }

    /** RESTEasy 6 and 7. */
    static ResteasyInstrumentation jakarta() {
        return new ResteasyInstrumentation(ResteasyGroups.JAKARTA, INVOKER,
                "jakarta.ws.rs.core.Response");
    }

    /** RESTEasy 4: {@code ResteasyContext} came with it. */
    static ResteasyInstrumentation javax4() {
        return new ResteasyInstrumentation(ResteasyGroups.V4_JAVAX, INVOKER,
                "javax.ws.rs.core.Response", "org.jboss.resteasy.core.ResteasyContext");
    }

    /**
     * RESTEasy 3.5 to 3.15: the suspendable response filter context came with 3.5, and with it the
     * completion callback of {@code writeNomapResponse}; without that callback (3.0 to 3.4) an
     * exchange could not finish, so those loaders are left alone.
     */
    static ResteasyInstrumentation javax3() {
        return new ResteasyInstrumentation(ResteasyGroups.V3_JAVAX, INVOKER_3,
                "javax.ws.rs.core.Response", INVOKER_3,
                "org.jboss.resteasy.core.interception.jaxrs.SuspendableContainerResponseContext");
    }

    @Override
    public Set<String> classNames() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(DISPATCHER, RESPONSE_WRITER)));
    }

    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return namedOneOf(DISPATCHER, RESPONSE_WRITER);
    }

    @Override
    public List<MethodAdvice> advice() {
        return Collections.unmodifiableList(Arrays.asList(new MethodAdvice(named("invoke").and(takesArguments(3)).and(takesArgument(2, named(invoker))),
                        adapterPackage + "ResteasyAdvice"), new MethodAdvice(named("writeNomapResponse").and(takesArguments(6))
                        .and(takesArgument(4, named("java.util.function.Consumer"))),
                        adapterPackage + "ResteasyWriteAdvice")));
    }
}
