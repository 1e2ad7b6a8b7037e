package dev.idempotency.agent.javaagent.instrumentation;

import java.util.Set;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * What every group has alike: its name, the kind of entry point it serves, and the loaders it may
 * advise, those that see a class of each of its APIs (never the bootstrap loader). A group wants classes
 * by exact name, by entry interface, or both; it overrides what applies.
 */
abstract class HostApiInstrumentation implements EntryPointInstrumentation {

    private final String group;
    private final EntryPointKind kind;
    private final ElementMatcher<ClassLoader> loaders;

    /** @param apiClass a class of the host API, e.g. {@code javax.servlet.Servlet} */
    HostApiInstrumentation(String group, EntryPointKind kind, String apiClass) {
        this(group, kind, new CanSee(apiClass));
    }

    /**
     * For a group whose advice is compiled against two APIs, e.g. a runtime's class and the servlet
     * API its method takes: the loader must see a class of each.
     */
    HostApiInstrumentation(String group, EntryPointKind kind, String apiClass, String otherApiClass) {
        this(group, kind, new CanSee(apiClass).and(new CanSee(otherApiClass)));
    }

    private HostApiInstrumentation(String group, EntryPointKind kind, ElementMatcher<ClassLoader> loaders) {
        this.group = group;
        this.kind = kind;
        this.loaders = loaders;
    }

    @Override
    public final String group() {
        return group;
    }

    @Override
    public final EntryPointKind kind() {
        return kind;
    }

    @Override
    public Set<String> classNames() {
        return Set.of();
    }

    @Override
    public Set<String> entryInterfaces() {
        return Set.of();
    }

    /** One matcher per group, shared by the pre-filter and Byte Buddy, so each loader is looked at once. */
    @Override
    public final ElementMatcher<ClassLoader> classLoaderMatcher() {
        return loaders;
    }
}
