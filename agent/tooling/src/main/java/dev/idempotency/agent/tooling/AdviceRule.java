package dev.idempotency.agent.tooling;

import dev.idempotency.agent.tooling.references.ReferenceGate;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.pool.TypePool;

/**
 * One instrumentation's part of a transformation, prepared once: which classes in which loaders it
 * advises, the advice for each method (read from {@code adviceLocator}), the adapter to define in
 * the class's loader first (none for the boot delegation, whose advice uses JDK types only), and
 * the role of an advised class.
 */
public final class AdviceRule {

    private final ElementMatcher<? super TypeDescription> types;
    private final ElementMatcher<? super ClassLoader> loaders;
    private final GroupRole role;
    private final List<MethodAdvice> advice;
    private final ClassFileLocator adviceLocator;
    private final Advice.ExceptionHandler failures;
    private final ReferenceGate gate;
    private final HelperInjector helpers;
    /**
     * The advice resolved for each loader, once: resolving it reads the advice classes and binds
     * their annotations, work that every further class of the loader would repeat. The loader is a
     * weak key, and the advice reaches it only through the weak class file locator, so an undeployed
     * application takes its advice with it.
     */
    private final Map<ClassLoader, List<ResolvedAdvice>> resolved = Collections.synchronizedMap(new WeakHashMap<>());

    private AdviceRule(ElementMatcher<? super TypeDescription> types, ElementMatcher<? super ClassLoader> loaders,
            GroupRole role, List<MethodAdvice> advice, ClassFileLocator adviceLocator,
            Advice.ExceptionHandler failures, ReferenceGate gate, HelperInjector helpers) {
        this.types = types;
        this.loaders = loaders;
        this.role = role;
        this.advice = advice;
        this.adviceLocator = adviceLocator;
        this.failures = failures;
        this.gate = gate;
        this.helpers = helpers;
    }

    /**
     * The rule of an instrumentation group: its adapter jar read now (its references only when a
     * loader first needs them), its advice reporting failures under the group's name.
     */
    static AdviceRule of(InstrumentationGroup instrumentation, ClassDefiner definer) throws IOException {
        NestedJar adapter = NestedJar.open(instrumentation.adapterJar());
        return new AdviceRule(instrumentation.typeMatcher(), instrumentation.classLoaderMatcher(), instrumentation.role(),
                instrumentation.advice(), adapter.adviceLocator(),
                AdviceFailureHandler.reportingFor(instrumentation.group()),
                new ReferenceGate(instrumentation.group(), instrumentation.supports(), adapter),
                new HelperInjector(adapter, definer));
    }

    /** A rule whose advice is one of the agent's own classes and needs nothing defined beside it. */
    public static AdviceRule ofAgentAdvice(ElementMatcher<? super TypeDescription> types,
            ElementMatcher<? super ClassLoader> loaders, GroupRole role, List<MethodAdvice> advice, String name) {
        return new AdviceRule(types, loaders, role, advice,
                ClassFileLocator.ForClassLoader.of(AdviceRule.class.getClassLoader()),
                AdviceFailureHandler.reportingFor(name), null, null);
    }

    /**
     * Whether the rule wants {@code type} in {@code loader}. A type whose hierarchy the loader cannot
     * resolve is not wanted: the JVM could not define it, so no container calls it as an entry point.
     */
    boolean appliesTo(TypeDescription type, ClassLoader loader) {
        try {
            return loaders.matches(loader) && types.matches(type);
        } catch (TypePool.Resolution.NoSuchTypeException unresolvable) {
            return false;
        }
    }

    /**
     * Defines what the advice needs in {@code loader}, and tells whether the advice may be laid
     * there: not where the loader lacks something the adapter uses (the events hear of it once per
     * loader). Throws, with the cause and the fix, when the adapter cannot be defined.
     */
    boolean prepare(String typeName, ClassLoader loader, AgentBuilder.PoolStrategy pools, InstrumentationEvents events) {
        if (helpers == null) {
            return true;
        }
        TypePool hostClasses = pools.typePool(TypeDescriptionCache.LOCATION_STRATEGY.classFileLocator(loader, null), loader);
        if (!gate.admits(loader, hostClasses, events)) {
            return false;
        }
        helpers.injectFor(typeName, loader);
        return true;
    }

    /**
     * Adds this rule's advice to {@code methods}. The advice is read from the adapter and resolved
     * against the advised class's loader, where the host API it was compiled against lives; a
     * loader's first advised class resolves it for the loader's later ones.
     */
    AsmVisitorWrapper.ForDeclaredMethods addTo(AsmVisitorWrapper.ForDeclaredMethods methods,
            AgentBuilder.PoolStrategy pools, ClassLoader loader) {
        List<ResolvedAdvice> forLoader = resolved.get(loader);
        if (forLoader == null) {
            forLoader = resolve(pools, loader);
            resolved.put(loader, forLoader);
        }
        AsmVisitorWrapper.ForDeclaredMethods advised = methods;
        for (ResolvedAdvice each : forLoader) {
            advised = advised.invokable(each.methods, each.advice);
        }
        return advised;
    }

    /**
     * The advice reads the host API through the loader alone (weakly), not through the class being
     * advised: the advice kept for the loader holds no class file of the application's.
     */
    private List<ResolvedAdvice> resolve(AgentBuilder.PoolStrategy pools, ClassLoader loader) {
        ClassFileLocator locator = new ClassFileLocator.Compound(adviceLocator,
                TypeDescriptionCache.LOCATION_STRATEGY.classFileLocator(loader, null));
        TypePool pool = pools.typePool(locator, loader);
        List<ResolvedAdvice> all = new ArrayList<>(advice.size());
        for (MethodAdvice each : advice) {
            all.add(new ResolvedAdvice(each.methods(),
                    Advice.to(pool.describe(each.adviceClass()).resolve(), locator).withExceptionHandler(failures)));
        }
        return Collections.unmodifiableList(new ArrayList<>(all));
    }

    /** The methods one advice applies to, with the advice as resolved for a loader. */
    private static final class ResolvedAdvice {
        final ElementMatcher<? super MethodDescription> methods;
        final Advice advice;

        ResolvedAdvice(ElementMatcher<? super MethodDescription> methods, Advice advice) {
            this.methods = methods;
            this.advice = advice;
        }
    }

    GroupRole role() {
        return role;
    }
}
