package dev.idempotency.agent.tooling;

import java.util.List;
import java.util.Set;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * One instrumentation group: the entry points of one host API, told whole. {@link Instrumenter}
 * installs each group the operator has not switched off ({@code instrumentation.disabled} names
 * groups by {@link #group()}); the pre-filter lets through only the classes some group wants.
 *
 * <p>The pre-filter asks for {@link #classNames()}, {@link #entryInterfaces()} and
 * {@link #classLoaderMatcher()} at JVM start, before Byte Buddy's builder exists: the names are
 * plain strings, and an implementation builds its Byte Buddy matchers only when asked for them.
 */
public interface InstrumentationGroup {

    /** The group's name in {@code instrumentation.disabled}, its library's description's. */
    String group();

    /**
     * The host API versions the group claims, as an operator reads them:
     * {@code Servlet 3.0 to 4.0 (javax.servlet)}; the group's {@code SupportedRange}, which the
     * build checks the adapter against (the reference check of its module). A loader whose API lacks what
     * the adapter uses is told this beside what it lacks.
     */
    String supports();

    /** What the instrumented classes do for protection. */
    GroupRole role();

    /** Binary names of the classes this group wants by exact name, e.g. a runtime's dispatcher. */
    Set<String> classNames();

    /** Binary names of the interfaces whose concrete implementations this group wants, e.g. {@code javax.servlet.Servlet}. */
    Set<String> entryInterfaces();

    /** The loaders whose classes this group may want: those that see its API. */
    ElementMatcher<ClassLoader> classLoaderMatcher();

    /** Exactly the types to advise; the pre-filter's names are only a first cut. */
    ElementMatcher<? super TypeDescription> typeMatcher();

    /** The methods to advise and the advice for each. */
    List<MethodAdvice> advice();

    /**
     * The adapter jar carried in the agent jar ({@link NestedJar}), named by the group's
     * {@code SupportedRange}: its classes are defined in the loader of each advised class, and the
     * advice classes are read from it.
     */
    String adapterJar();
}
