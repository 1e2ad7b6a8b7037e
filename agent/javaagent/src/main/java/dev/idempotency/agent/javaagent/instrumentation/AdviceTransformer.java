package dev.idempotency.agent.javaagent.instrumentation;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.TypeResolutionStrategy;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.pool.TypePool;

/**
 * Lays the advice of every rule that applies into a class about to be defined (or retransformed),
 * with Byte Buddy's {@code decorate} and {@code Advice}: the class keeps its shape (no member
 * added, no initializer), the advice is inlined into the advised methods.
 *
 * <p>Not Byte Buddy's {@code AgentBuilder}: the first {@code AgentBuilder} transformer a JVM makes
 * generates a subclass of itself for Java 9 modules with Byte Buddy's whole subclassing machinery
 * (about 460 classes and 0.6 s of CPU at every start), for a module the agent has no use for; and
 * the pre-filter in front ({@link EntryPointCandidates}) already does the matching
 * {@code AgentBuilder} would redo. What it did that this does too: a type pool cached per loader
 * ({@link TypeDescriptionCache}), class files read through a weak reference to their loader,
 * a lock against re-entering from class loading the transformation causes, and each class
 * instrumented, or each failure, told to the events.
 */
final class AdviceTransformer implements ClassFileTransformer {

    private final List<AdviceRule> rules;
    private final InstrumentationEvents events;
    private final TypeDescriptionCache pools = new TypeDescriptionCache();
    private final AgentBuilder.CircularityLock lock = new AgentBuilder.CircularityLock.Default();
    /** Keeps each class's format: no auxiliary types, fields or type initializers. */
    private final ByteBuddy byteBuddy = new ByteBuddy().with(Implementation.Context.Disabled.Factory.INSTANCE);

    AdviceTransformer(List<AdviceRule> rules, InstrumentationEvents events) {
        this.rules = List.copyOf(rules);
        this.events = events;
    }

    /** Whether a class already loaded would be advised: those are the ones an attach retransforms. */
    boolean wants(Class<?> loaded) {
        ClassLoader loader = loaded.getClassLoader();
        if (loader == null || loaded.isSynthetic() || loaded.isArray() || loaded.isPrimitive()) {
            return false;
        }
        TypeDescription type = TypeDescription.ForLoadedType.of(loaded);
        for (AdviceRule rule : rules) {
            if (rule.appliesTo(type, loader)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public byte[] transform(ClassLoader loader, String internalName, Class<?> redefined, ProtectionDomain domain,
            byte[] bytes) {
        if (internalName == null || !lock.acquire()) {
            return null;
        }
        String name = internalName.replace('/', '.');
        try {
            return advise(loader, name, bytes);
        } catch (Throwable failure) {
            events.failed("could not instrument " + name + ": " + BridgeVisibility.withRootCause(failure));
            return null;
        } finally {
            lock.release();
        }
    }

    private byte[] advise(ClassLoader loader, String name, byte[] bytes) {
        ClassFileLocator classFiles = new ClassFileLocator.Compound(ClassFileLocator.Simple.of(name, bytes),
                TypeDescriptionCache.LOCATION_STRATEGY.classFileLocator(loader, null));
        TypePool pool = pools.typePool(classFiles, loader, name);
        TypeDescription type = pool.describe(name).resolve();
        if (type.isSynthetic()) {
            return null;
        }
        AsmVisitorWrapper.ForDeclaredMethods methods = new AsmVisitorWrapper.ForDeclaredMethods();
        List<AdviceRule> applied = new ArrayList<>(1);
        for (AdviceRule rule : rules) {
            if (rule.appliesTo(type, loader)) {
                rule.prepare(name, loader);
                methods = rule.addTo(methods, classFiles, pools, loader);
                applied.add(rule);
            }
        }
        if (applied.isEmpty()) {
            return null;
        }
        byte[] advised = byteBuddy.decorate(type, classFiles)
                .visit(methods)
                .make(TypeResolutionStrategy.Disabled.INSTANCE, pool)
                .getBytes();
        for (AdviceRule rule : applied) {
            events.instrumented(name, loader, rule.kind());
        }
        return advised;
    }
}
