package dev.idempotency.agent.tooling;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import net.bytebuddy.description.type.TypeDefinition;

/**
 * Installs the boot delegation and every entry-point instrumentation whose group the operator has
 * not switched off ({@code instrumentation.disabled}): the pre-filter in front, the advice
 * transformer behind it.
 */
public final class Instrumenter {

    /** The thread that prepares the advice transformer while the application starts. */
    static final String BUILD_THREAD = "idempotency-instrumentation-build";

    private Instrumenter() {
    }

    /**
     * At JVM start (premain): registers the pre-filter at once and prepares the advice transformer
     * on its own thread, so neither Byte Buddy's loading nor the adapters' reading delays the
     * application's start; the first class an instrumentation may want waits for it. Normally no
     * application class is loaded yet; a JVM started from an AOT cache whose classes are linked
     * ahead of time (JDK 24+, {@code -XX:+AOTClassLinking}, the default of {@code -XX:AOTCacheOutput})
     * loads the application's classes before premain, where the pre-filter never sees them: those
     * are retransformed before premain returns, so the application's main finds them advised.
     * {@code events} hears of each class instrumented,
     * each that could not be, and each a disabled group passed over. {@code downstreamClients}: the
     * HTTP client libraries' groups too (an endpoint propagates its key).
     */
    public static void installAtStart(Instrumentation instrumentation, ClassDefiner definer,
            Collection<String> disabledGroups, boolean downstreamClients, InstrumentationEvents events) {
        List<InstrumentationGroup> all = InstrumentationCatalog.all(downstreamClients);
        CompletableFuture<AdviceTransformer> precise = new CompletableFuture<>();
        Thread build = new Thread(() -> {
            try {
                precise.complete(adviceTransformer(InstrumentationCatalog.enabled(all, disabledGroups), definer, events));
            } catch (Throwable failure) {
                precise.completeExceptionally(failure);
            }
        }, BUILD_THREAD);
        build.setDaemon(true);
        build.start();
        EntryPointCandidates candidates = EntryPointCandidates.of(all, disabledGroups, events);
        instrumentation.addTransformer(new DeferredTransformer(candidates, precise, events::failed), true);
        // Read after the pre-filter is registered, so a class defined meanwhile is seen by one or the
        // other; the wait for the build is paid only when such a class is there (an application's
        // driver loaded through DriverManager by the agent's own start is not).
        List<Class<?>> loadedBefore = new ArrayList<>();
        for (Class<?> loaded : applicationClasses(instrumentation)) {
            if (candidates.mayWantLoaded(loaded)) {
                loadedBefore.add(loaded);
            }
        }
        if (!loadedBefore.isEmpty()) {
            try {
                retransform(instrumentation, precise.join(), loadedBefore, events, "loaded before premain");
            } catch (CompletionException failed) {
                events.failed("could not instrument the " + loadedBefore.size()
                        + " classes an instrumentation wants, loaded before premain: the instrumentation failed to build: " + failed.getCause());
            }
        }
    }

    /**
     * Installs the instrumentation now; classes already loaded (a runtime attach, or a container
     * started before us) are retransformed. {@code events} hears of each class instrumented, each
     * that could not be, and each a disabled group passed over.
     */
    public static void install(Instrumentation instrumentation, ClassDefiner definer,
            Collection<String> disabledGroups, boolean downstreamClients, InstrumentationEvents events)
            throws IOException {
        List<InstrumentationGroup> all = InstrumentationCatalog.all(downstreamClients);
        AdviceTransformer precise = adviceTransformer(InstrumentationCatalog.enabled(all, disabledGroups), definer, events);
        EntryPointCandidates candidates = EntryPointCandidates.of(all, disabledGroups, events);
        instrumentation.addTransformer(new DeferredTransformer(candidates, CompletableFuture.completedFuture(precise),
                events::failed), true);
        List<Class<?>> loadedBefore = applicationClasses(instrumentation);
        loadedBefore.forEach(candidates::mayWantLoaded); // names the runtimes no adapter serves, already loaded
        retransform(instrumentation, precise, loadedBefore, events, "loaded before the attach");
    }

    private static AdviceTransformer adviceTransformer(List<InstrumentationGroup> enabled, ClassDefiner definer,
            InstrumentationEvents events) throws IOException {
        // The advice is laid into existing classes and no type is generated, so Byte Buddy need not
        // resolve generic signatures; resolving them costs the start about 75 more of its classes and
        // the JDK's reflection on signatures. The property's name is relocated with Byte Buddy, so an
        // application's own Byte Buddy is untouched.
        System.setProperty(TypeDefinition.RAW_TYPES_PROPERTY, "true");
        List<AdviceRule> rules = new ArrayList<>(BootDelegation.rules());
        for (InstrumentationGroup instrumentation : enabled) {
            rules.add(AdviceRule.of(instrumentation, definer));
        }
        return new AdviceTransformer(rules, events);
    }

    /** The loaded classes a rule could advise: neither the JDK's, nor the agent's, nor hidden. */
    private static List<Class<?>> applicationClasses(Instrumentation instrumentation) {
        List<Class<?>> application = new ArrayList<>();
        for (Class<?> loaded : instrumentation.getAllLoadedClasses()) {
            if (loaded.getClassLoader() != null && !EntryPointCandidates.isJdkOrAgent(loaded.getName().replace('.', '/'))
                    && instrumentation.isModifiableClass(loaded)) { // hidden classes are not modifiable
                application.add(loaded);
            }
        }
        return application;
    }

    /** The classes loaded before the transformer that a rule advises go through the transformer again. */
    private static void retransform(Instrumentation instrumentation, AdviceTransformer precise, List<Class<?>> loaded,
            InstrumentationEvents events, String when) {
        List<Class<?>> wanted = new ArrayList<>();
        for (Class<?> candidate : loaded) {
            if (wantedSafely(precise, candidate)) {
                wanted.add(candidate);
            }
        }
        for (Class<?> candidate : wanted) {
            try {
                instrumentation.retransformClasses(candidate);
            } catch (UnmodifiableClassException | RuntimeException | LinkageError failure) {
                events.failed("could not instrument " + candidate.getName() + ", " + when + ": "
                        + BridgeVisibility.withRootCause(failure));
            }
        }
    }

    private static boolean wantedSafely(AdviceTransformer precise, Class<?> loaded) {
        try {
            return precise.wants(loaded);
        } catch (RuntimeException | LinkageError undescribable) {
            // a class whose hierarchy cannot be resolved by reflection is no servlet the container could call
            return false;
        }
    }
}
