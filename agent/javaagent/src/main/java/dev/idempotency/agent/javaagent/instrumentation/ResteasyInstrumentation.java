package dev.idempotency.agent.javaagent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.List;
import java.util.Set;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * RESTEasy 6 and 7 ({@code jakarta.ws.rs}): {@code SynchronousDispatcher.invoke(HttpRequest,
 * HttpResponse, ResourceInvoker)}, the dispatch of a matched request, and
 * {@code ServerResponseWriter.writeNomapResponse(..., Consumer, boolean)}, through which every
 * response is written and reported complete.
 */
final class ResteasyInstrumentation extends HostApiInstrumentation {

    static final String DISPATCHER = "org.jboss.resteasy.core.SynchronousDispatcher";
    static final String RESPONSE_WRITER = "org.jboss.resteasy.core.ServerResponseWriter";

    private static final String ADAPTER_PACKAGE = "dev.idempotency.agent.jaxrs.resteasy.jakarta.";

    static ResteasyInstrumentation jakarta() {
        return new ResteasyInstrumentation();
    }

    private ResteasyInstrumentation() {
        super(InstrumentationGroups.RESTEASY_JAKARTA, "RESTEasy 6.2 and 7.0 (jakarta.ws.rs)", EntryPointKind.JAXRS, "jakarta.ws.rs.core.Response");
    }

    @Override
    public Set<String> classNames() {
        return Set.of(DISPATCHER, RESPONSE_WRITER);
    }

    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return namedOneOf(DISPATCHER, RESPONSE_WRITER);
    }

    @Override
    public List<MethodAdvice> advice() {
        return List.of(
                new MethodAdvice(named("invoke").and(takesArguments(3))
                        .and(takesArgument(2, named("org.jboss.resteasy.spi.ResourceInvoker"))),
                        ADAPTER_PACKAGE + "ResteasyAdvice"),
                new MethodAdvice(named("writeNomapResponse").and(takesArguments(6))
                        .and(takesArgument(4, named("java.util.function.Consumer"))),
                        ADAPTER_PACKAGE + "ResteasyWriteAdvice"));
    }

    @Override
    public String adapterJar() {
        return "jaxrs-resteasy-jakarta.jar";
    }
}
