package dev.idempotency.agent.javaagent.instrumentation;

import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
     * application's start; the first class an instrumentation may want waits for it. Nothing is
     * loaded yet that would need retransforming. {@code events} hears of each class instrumented,
     * each that could not be, and each a disabled group passed over. {@code downstreamClients}: the
     * HTTP client libraries' groups too (an endpoint propagates its key).
     */
    public static void installAtStart(Instrumentation instrumentation, ClassDefiner definer,
            Collection<String> disabledGroups, boolean downstreamClients, InstrumentationEvents events) {
        List<EntryPointInstrumentation> all = EntryPointInstrumentations.all(downstreamClients);
        CompletableFuture<ClassFileTransformer> precise = new CompletableFuture<>();
        Thread build = new Thread(() -> {
            try {
                precise.complete(adviceTransformer(EntryPointInstrumentations.enabled(all, disabledGroups), definer, events));
            } catch (Throwable failure) {
                precise.completeExceptionally(failure);
            }
        }, BUILD_THREAD);
        build.setDaemon(true);
        build.start();
        instrumentation.addTransformer(new DeferredTransformer(EntryPointCandidates.of(all, disabledGroups, events),
                precise, events::failed), true);
    }

    /**
     * Installs the instrumentation now; classes already loaded (a runtime attach, or a container
     * started before us) are retransformed. {@code events} hears of each class instrumented, each
     * that could not be, and each a disabled group passed over.
     */
    public static void install(Instrumentation instrumentation, ClassDefiner definer,
            Collection<String> disabledGroups, boolean downstreamClients, InstrumentationEvents events)
            throws IOException {
        List<EntryPointInstrumentation> all = EntryPointInstrumentations.all(downstreamClients);
        AdviceTransformer precise = adviceTransformer(EntryPointInstrumentations.enabled(all, disabledGroups), definer, events);
        instrumentation.addTransformer(new DeferredTransformer(EntryPointCandidates.of(all, disabledGroups, events),
                CompletableFuture.completedFuture(precise), events::failed), true);
        retransformLoaded(instrumentation, precise, events);
    }

    private static AdviceTransformer adviceTransformer(List<EntryPointInstrumentation> enabled, ClassDefiner definer,
            InstrumentationEvents events) throws IOException {
        // The advice is laid into existing classes and no type is generated, so Byte Buddy need not
        // resolve generic signatures; resolving them costs the start about 75 more of its classes and
        // the JDK's reflection on signatures. The property's name is relocated with Byte Buddy, so an
        // application's own Byte Buddy is untouched.
        System.setProperty(TypeDefinition.RAW_TYPES_PROPERTY, "true");
        List<AdviceRule> rules = new ArrayList<>(BootDelegation.rules());
        for (EntryPointInstrumentation instrumentation : enabled) {
            rules.add(AdviceRule.of(instrumentation, definer));
        }
        return new AdviceTransformer(rules, events);
    }

    /** The classes loaded before the attach that a rule advises go through the transformer again. */
    private static void retransformLoaded(Instrumentation instrumentation, AdviceTransformer precise,
            InstrumentationEvents events) {
        List<Class<?>> wanted = new ArrayList<>();
        for (Class<?> loaded : instrumentation.getAllLoadedClasses()) {
            if (retransformable(instrumentation, loaded) && wantedSafely(precise, loaded)) {
                wanted.add(loaded);
            }
        }
        for (Class<?> loaded : wanted) {
            try {
                instrumentation.retransformClasses(loaded);
            } catch (UnmodifiableClassException | RuntimeException | LinkageError failure) {
                events.failed("could not instrument " + loaded.getName() + ", loaded before the attach: "
                        + BridgeVisibility.withRootCause(failure));
            }
        }
    }

    private static boolean retransformable(Instrumentation instrumentation, Class<?> loaded) {
        // hidden classes are not modifiable
        return instrumentation.isModifiableClass(loaded)
                && !EntryPointCandidates.isJdkOrAgent(loaded.getName().replace('.', '/'));
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
