package dev.idempotency.agent.javaagent.instrumentation;

import java.io.IOException;
import java.util.List;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.pool.TypePool;

/**
 * One instrumentation's part of a transformation, prepared once: which classes in which loaders it
 * advises, the advice for each method (read from {@code adviceLocator}), the adapter to define in
 * the class's loader first (none for the boot delegation, whose advice uses JDK types only), and
 * the kind of entry point an advised class is.
 */
final class AdviceRule {

    private final ElementMatcher<? super TypeDescription> types;
    private final ElementMatcher<? super ClassLoader> loaders;
    private final EntryPointKind kind;
    private final List<MethodAdvice> advice;
    private final ClassFileLocator adviceLocator;
    private final Advice.ExceptionHandler failures;
    private final HelperInjector helpers;

    private AdviceRule(ElementMatcher<? super TypeDescription> types, ElementMatcher<? super ClassLoader> loaders,
            EntryPointKind kind, List<MethodAdvice> advice, ClassFileLocator adviceLocator,
            Advice.ExceptionHandler failures, HelperInjector helpers) {
        this.types = types;
        this.loaders = loaders;
        this.kind = kind;
        this.advice = advice;
        this.adviceLocator = adviceLocator;
        this.failures = failures;
        this.helpers = helpers;
    }

    /** The rule of an instrumentation group: its adapter jar read now, its advice reporting failures under the group's name. */
    static AdviceRule of(EntryPointInstrumentation instrumentation, ClassDefiner definer) throws IOException {
        NestedJar adapter = NestedJar.open(instrumentation.adapterJar());
        return new AdviceRule(instrumentation.typeMatcher(), instrumentation.classLoaderMatcher(), instrumentation.kind(),
                instrumentation.advice(), adapter.adviceLocator(),
                AdviceFailureHandler.reportingFor(instrumentation.group()), new HelperInjector(adapter, definer));
    }

    /** A rule whose advice is one of the agent's own classes and needs nothing defined beside it. */
    static AdviceRule ofAgentAdvice(ElementMatcher<? super TypeDescription> types,
            ElementMatcher<? super ClassLoader> loaders, EntryPointKind kind, List<MethodAdvice> advice, String name) {
        return new AdviceRule(types, loaders, kind, advice,
                ClassFileLocator.ForClassLoader.of(AdviceRule.class.getClassLoader()),
                AdviceFailureHandler.reportingFor(name), null);
    }

    boolean appliesTo(TypeDescription type, ClassLoader loader) {
        return loaders.matches(loader) && types.matches(type);
    }

    /** Defines what the advice needs in {@code loader}; throws, with the cause and the fix, when it cannot. */
    void prepare(String typeName, ClassLoader loader) {
        if (helpers != null) {
            helpers.injectFor(typeName, loader);
        }
    }

    /**
     * Adds this rule's advice to {@code methods}. The advice is read from the adapter and resolved
     * against the advised class's loader ({@code classFiles}), where the host API it was compiled
     * against lives.
     */
    AsmVisitorWrapper.ForDeclaredMethods addTo(AsmVisitorWrapper.ForDeclaredMethods methods,
            ClassFileLocator classFiles, AgentBuilder.PoolStrategy pools, ClassLoader loader) {
        ClassFileLocator locator = new ClassFileLocator.Compound(adviceLocator, classFiles);
        TypePool pool = pools.typePool(locator, loader);
        AsmVisitorWrapper.ForDeclaredMethods advised = methods;
        for (MethodAdvice each : advice) {
            advised = advised.invokable(each.methods(),
                    Advice.to(pool.describe(each.adviceClass()).resolve(), locator).withExceptionHandler(failures));
        }
        return advised;
    }

    EntryPointKind kind() {
        return kind;
    }
}
