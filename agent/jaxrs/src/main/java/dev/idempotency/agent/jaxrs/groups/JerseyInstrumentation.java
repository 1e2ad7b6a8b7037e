package dev.idempotency.agent.jaxrs.groups;

import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.idempotency.agent.tooling.GroupRole;
import dev.idempotency.agent.tooling.HostApiInstrumentation;
import dev.idempotency.agent.tooling.MethodAdvice;
import dev.idempotency.agent.vocabulary.GroupDescription;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * {@code ResourceMethodInvoker.apply(RequestProcessingContext)}: Jersey's dispatch to the resource
 * method it has matched. Jersey 2 ({@code javax.ws.rs}) and Jersey 3 and 4 ({@code jakarta.ws.rs})
 * share the class name; the loader must see the JAX-RS API of the adapter's namespace, so a javax
 * adapter never lands on a jakarta runtime.
 */
final class JerseyInstrumentation extends HostApiInstrumentation {

    static final String INVOKER = "org.glassfish.jersey.server.model.ResourceMethodInvoker";

    private final String namespace;

    private JerseyInstrumentation(GroupDescription group, String namespace) {
        super(group, GroupRole.JAXRS, namespace + ".ws.rs.core.Response");
        this.namespace = namespace;
    }

    /** Jersey 2. */
    static JerseyInstrumentation javax() {
        return new JerseyInstrumentation(JerseyGroups.JAVAX, "javax");
    }

    /** Jersey 3 and 4. */
    static JerseyInstrumentation jakarta() {
        return new JerseyInstrumentation(JerseyGroups.JAKARTA, "jakarta");
    }

    @Override
    public Set<String> classNames() {
        return Collections.singleton(INVOKER);
    }

    @Override
    public ElementMatcher<? super TypeDescription> typeMatcher() {
        return named(INVOKER).and(hasSuperType(named(namespace + ".ws.rs.container.ResourceInfo")));
    }

    @Override
    public List<MethodAdvice> advice() {
        return Collections.singletonList(new MethodAdvice(named("apply").and(takesArguments(1)),
                "dev.idempotency.agent.jaxrs.jersey." + namespace + ".JerseyAdvice"));
    }
}
