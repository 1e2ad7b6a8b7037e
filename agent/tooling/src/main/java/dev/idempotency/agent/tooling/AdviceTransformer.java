package dev.idempotency.agent.tooling;

import java.util.Collections;
import static net.bytebuddy.matcher.ElementMatchers.isSynthetic;
import static net.bytebuddy.matcher.ElementMatchers.isVirtual;
import static net.bytebuddy.matcher.ElementMatchers.not;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.asm.AsmVisitorWrapper;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.dynamic.scaffold.TypeInitializer;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.auxiliary.AuxiliaryType;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.pool.TypePool;
import net.bytebuddy.utility.AsmClassReader;
import net.bytebuddy.utility.AsmClassWriter;

/**
 * Lays the advice of every rule that applies into a class about to be defined (or retransformed),
 * with Byte Buddy's {@code Advice}: the class keeps its shape (no member added, no initializer),
 * the advice is inlined into the advised methods.
 *
 * <p>Not Byte Buddy's {@code AgentBuilder}: the first {@code AgentBuilder} transformer a JVM makes
 * generates a subclass of itself for Java 9 modules with Byte Buddy's whole subclassing machinery
 * (about 460 classes and 0.6 s of the starting thread's time in a timed start, docs/performance.md),
 * for a module the agent has no use for; and
 * the pre-filter in front ({@link EntryPointCandidates}) already does the matching
 * {@code AgentBuilder} would redo. What it did that this does too: a type pool cached per loader
 * ({@link TypeDescriptionCache}), class files read through a weak reference to their loader,
 * a lock against re-entering from class loading the transformation causes, and each class
 * instrumented, or each failure, told to the events.
 *
 * <p>Nor Byte Buddy's {@code decorate}: for a class whose only change is advice, it builds a
 * method graph, a method registry and a type writer (about 150 classes at start) around the one
 * thing it then does, which this does directly: the class read, each advised method passed through
 * its {@code Advice}, the class written, with Byte Buddy's own reader and writer factories and an
 * implementation context that allows no auxiliary type, field or initializer.
 */
public final class AdviceTransformer implements ClassFileTransformer {

    /** Never asked for a name: the disabled context refuses every auxiliary type. */
    private static final AuxiliaryType.NamingStrategy NO_AUXILIARY_TYPES = new AuxiliaryType.NamingStrategy.Suffixing("unused");

    private final List<AdviceRule> rules;
    private final InstrumentationEvents events;
    private final TypeDescriptionCache pools = new TypeDescriptionCache();
    private final AgentBuilder.CircularityLock lock = new AgentBuilder.CircularityLock.Default();

    public AdviceTransformer(List<AdviceRule> rules, InstrumentationEvents events) {
        this.rules = Collections.unmodifiableList(new ArrayList<>(rules));
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
            if (rule.appliesTo(type, loader) && rule.prepare(name, loader, pools, events)) {
                methods = rule.addTo(methods, pools, loader);
                applied.add(rule);
            }
        }
        if (applied.isEmpty()) {
            return null;
        }
        byte[] advised = rewrite(bytes, type, methods, pool);
        for (AdviceRule rule : applied) {
            events.instrumented(name, loader, rule.role());
        }
        return advised;
    }

    /**
     * The class with its advised methods passed through their advice; everything else is copied as
     * read. The methods offered to the advice are those {@code decorate} offers: not the compiler's
     * bridges (virtual and synthetic), which only call the method they bridge to, so a bridge and
     * its target ({@code apply(Object)} and {@code apply(RequestProcessingContext)} in Jersey's
     * invoker) are never both advised.
     */
    private static byte[] rewrite(byte[] bytes, TypeDescription type, AsmVisitorWrapper methods, TypePool pool) {
        int writerFlags = methods.mergeWriter(AsmVisitorWrapper.NO_FLAGS);
        int readerFlags = methods.mergeReader(AsmVisitorWrapper.NO_FLAGS);
        AsmClassReader reader = AsmClassReader.Factory.Default.IMPLICIT.make(bytes);
        AsmClassWriter writer = AsmClassWriter.Factory.Default.IMPLICIT.make(writerFlags, reader, pool);
        ClassFileVersion version = ClassFileVersion.ofClassFile(bytes);
        Implementation.Context context = Implementation.Context.Disabled.Factory.INSTANCE.make(type, NO_AUXILIARY_TYPES,
                TypeInitializer.None.INSTANCE, version, version, frameGeneration(version, writerFlags, readerFlags));
        reader.accept(methods.wrap(type, writer.getVisitor(), context, pool, type.getDeclaredFields(),
                type.getDeclaredMethods().filter(not(isVirtual().and(isSynthetic()))), writerFlags, readerFlags), readerFlags);
        return writer.getBinaryRepresentation();
    }

    /** As Byte Buddy decides it for a decorated class: the frames the advice writes follow the reader's. */
    private static Implementation.Context.FrameGeneration frameGeneration(ClassFileVersion version, int writerFlags,
            int readerFlags) {
        if ((writerFlags & ClassWriter.COMPUTE_FRAMES) != 0 || !version.isAtLeast(ClassFileVersion.JAVA_V6)) {
            return Implementation.Context.FrameGeneration.DISABLED;
        }
        return (readerFlags & ClassReader.EXPAND_FRAMES) == 0
                ? Implementation.Context.FrameGeneration.GENERATE
                : Implementation.Context.FrameGeneration.EXPAND;
    }
}
