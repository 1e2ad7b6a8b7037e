package dev.idempotency.agent.tooling;

import java.util.Collections;
import java.util.Set;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * What every group has alike: its name, the role of what it instruments, and the loaders it may
 * advise, those that see the classes that tell its API (never the bootstrap loader). A group wants
 * classes by exact name, by entry interface, or both; it overrides what applies.
 */
abstract class HostApiInstrumentation implements InstrumentationGroup {

    private final String group;
    private final String supports;
    private final GroupRole role;
    private final CanSee loaders;

    /**
     * @param supports the API versions claimed, e.g. {@code Servlet 3.0 to 4.0}
     * @param apiClasses classes of the host API a loader must all see, e.g. {@code javax.servlet.Servlet};
     *     more than one where a runtime's versions share the API's namespace
     */
    HostApiInstrumentation(String group, String supports, GroupRole role, String... apiClasses) {
        this.group = group;
        this.supports = supports;
        this.role = role;
        this.loaders = new CanSee(apiClasses);
    }

    @Override
    public final String group() {
        return group;
    }

    @Override
    public final String supports() {
        return supports;
    }

    @Override
    public final GroupRole role() {
        return role;
    }

    @Override
    public Set<String> classNames() {
        return Collections.emptySet();
    }

    @Override
    public Set<String> entryInterfaces() {
        return Collections.emptySet();
    }

    /** One matcher per group, shared by the pre-filter and Byte Buddy, so each loader is looked at once. */
    @Override
    public final ElementMatcher<ClassLoader> classLoaderMatcher() {
        return loaders;
    }
}
