package dev.idempotency.agent.tooling;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * Methods to advise and the advice class laid on them, named, never loaded into the agent's own
 * loader: it lives in the group's adapter jar and is compiled against the host's API.
 */
public final class MethodAdvice {

    private final ElementMatcher<? super MethodDescription> methods;
    private final String adviceClass;

    public MethodAdvice(ElementMatcher<? super MethodDescription> methods, String adviceClass) {
        this.methods = methods;
        this.adviceClass = adviceClass;
    }

    public ElementMatcher<? super MethodDescription> methods() {
        return methods;
    }

    public String adviceClass() {
        return adviceClass;
    }
}
