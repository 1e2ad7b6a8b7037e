package dev.idempotency.agent.javaagent.instrumentation;

import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import java.io.IOException;
import net.bytebuddy.agent.builder.AgentBuilder;

/**
 * The JAX-RS runtimes' own dispatch, after they have matched the resource method. Matched by the
 * exact names of the runtime classes (no hierarchy scan of application classes); the loader must
 * see the JAX-RS API of the adapter's namespace, so a javax adapter never lands on a jakarta
 * runtime of the same class name.
 */
final class JaxrsInstrumentation {

    static final String JERSEY_INVOKER = "org.glassfish.jersey.server.model.ResourceMethodInvoker";
    static final String RESTEASY_DISPATCHER = "org.jboss.resteasy.core.SynchronousDispatcher";
    static final String RESTEASY_RESPONSE_WRITER = "org.jboss.resteasy.core.ServerResponseWriter";

    private final String namespace;
    private final NestedJar adapter;
    private final Applier applier;
    private final ClassDefiner definer;

    private JaxrsInstrumentation(String namespace, NestedJar adapter, Applier applier, ClassDefiner definer) {
        this.namespace = namespace;
        this.adapter = adapter;
        this.applier = applier;
        this.definer = definer;
    }

    /** Jersey 2 ({@code javax.ws.rs}). */
    static JaxrsInstrumentation jerseyJavax(ClassDefiner definer) throws IOException {
        return new JaxrsInstrumentation("javax", NestedJar.open("jaxrs-jersey-javax.jar"), JaxrsInstrumentation::jersey, definer);
    }

    /** Jersey 3 and 4 ({@code jakarta.ws.rs}). */
    static JaxrsInstrumentation jerseyJakarta(ClassDefiner definer) throws IOException {
        return new JaxrsInstrumentation("jakarta", NestedJar.open("jaxrs-jersey-jakarta.jar"), JaxrsInstrumentation::jersey, definer);
    }

    /** RESTEasy 6 and 7 ({@code jakarta.ws.rs}). */
    static JaxrsInstrumentation resteasyJakarta(ClassDefiner definer) throws IOException {
        return new JaxrsInstrumentation("jakarta", NestedJar.open("jaxrs-resteasy-jakarta.jar"), JaxrsInstrumentation::resteasy, definer);
    }

    AgentBuilder applyTo(AgentBuilder builder) {
        return applier.apply(this, builder);
    }

    /** {@code ResourceMethodInvoker.apply(RequestProcessingContext)}: Jersey's endpoint for a matched resource method. */
    private static AgentBuilder jersey(JaxrsInstrumentation jaxrs, AgentBuilder builder) {
        String api = jaxrs.namespace + ".ws.rs.";
        return builder
                .type(named(JERSEY_INVOKER).and(hasSuperType(named(api + "container.ResourceInfo"))),
                        new CanSee(api + "core.Response"))
                .transform(new HelperInjector(jaxrs.adapter, jaxrs.definer))
                .transform(jaxrs.advice()
                        .advice(named("apply").and(takesArguments(1)),
                                "dev.idempotency.agent.jaxrs.jersey." + jaxrs.namespace + ".JerseyAdvice"));
    }

    /**
     * {@code SynchronousDispatcher.invoke(HttpRequest, HttpResponse, ResourceInvoker)}, the dispatch of a
     * matched request, and {@code ServerResponseWriter.writeNomapResponse(..., Consumer, boolean)}, through
     * which every response is written and reported complete.
     */
    private static AgentBuilder resteasy(JaxrsInstrumentation jaxrs, AgentBuilder builder) {
        String adapterPackage = "dev.idempotency.agent.jaxrs.resteasy." + jaxrs.namespace;
        return builder
                .type(named(RESTEASY_DISPATCHER).or(named(RESTEASY_RESPONSE_WRITER)),
                        new CanSee(jaxrs.namespace + ".ws.rs.core.Response"))
                .transform(new HelperInjector(jaxrs.adapter, jaxrs.definer))
                .transform(jaxrs.advice()
                        .advice(named("invoke").and(takesArguments(3))
                                .and(takesArgument(2, named("org.jboss.resteasy.spi.ResourceInvoker"))),
                                adapterPackage + ".ResteasyAdvice")
                        .advice(named("writeNomapResponse").and(takesArguments(6))
                                .and(takesArgument(4, named("java.util.function.Consumer"))),
                                adapterPackage + ".ResteasyWriteAdvice"));
    }

    private AgentBuilder.Transformer.ForAdvice advice() {
        return new AgentBuilder.Transformer.ForAdvice().include(adapter.adviceLocator());
    }

    /** How one runtime's advice is laid onto the builder. */
    private interface Applier {
        AgentBuilder apply(JaxrsInstrumentation jaxrs, AgentBuilder builder);
    }
}
