package dev.idempotency.agent.tooling;

import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.SupportedRange;
import java.util.Collections;
import java.util.Set;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * What every group has alike: its name, the versions it claims and the adapter jar that serves them
 * (its library's {@link GroupDescription}, written once for the config, the agent, the build's
 * reference check and the docs), the role of what it instruments, and the loaders it may advise,
 * those that see the classes that tell its API (never the bootstrap loader). A group wants classes
 * by exact name, by entry interface, or both; it overrides what applies. Each adapter module
 * extends it for its groups.
 */
public abstract class HostApiInstrumentation implements InstrumentationGroup {

    private final String group;
    private final SupportedRange range;
    private final GroupRole role;
    private final CanSee loaders;

    /**
     * @param apiClasses classes of the host API a loader must all see, e.g. {@code javax.servlet.Servlet};
     *     more than one where a runtime's versions share the API's namespace
     */
    protected HostApiInstrumentation(GroupDescription group, GroupRole role, String... apiClasses) {
        this.group = group.name();
        this.range = group.range();
        this.role = role;
        this.loaders = new CanSee(apiClasses);
    }

    @Override
    public final String group() {
        return group;
    }

    @Override
    public final String supports() {
        return range.text();
    }

    @Override
    public final String adapterJar() {
        return range.adapterJar();
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
