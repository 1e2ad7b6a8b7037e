package dev.idempotency.agent.tooling;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.security.ProtectionDomain;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The transformer the JVM calls: the pre-filter ({@link EntryPointCandidates}) in front of the
 * advice transformer. At JVM start it is registered before Byte Buddy is even loaded, while the
 * advice transformer is prepared on another thread: the first class an instrumentation may want
 * (a servlet, a filter, a JAX-RS dispatcher) waits for it, so none is ever defined uninstrumented;
 * every other class passes straight through. At an attach the advice transformer is ready at once.
 * From Java 9 on the JVM calls the variant with the class's module, whose default is this one.
 */
final class DeferredTransformer implements ClassFileTransformer {

    /** Far longer than the build takes; only a broken build waits this long, and it is reported. */
    private static final long BUILD_WAIT_SECONDS = 60;

    private final EntryPointCandidates candidates;
    private final Future<? extends ClassFileTransformer> precise;
    private final Consumer<String> problems;

    DeferredTransformer(EntryPointCandidates candidates, Future<? extends ClassFileTransformer> precise,
            Consumer<String> problems) {
        this.candidates = candidates;
        this.precise = precise;
        this.problems = problems;
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
            byte[] bytes) throws IllegalClassFormatException {
        if (!candidates.mayBeInstrumented(loader, name, bytes)) {
            return null;
        }
        ClassFileTransformer transformer = precise(name);
        return transformer == null ? null : transformer.transform(loader, name, redefined, domain, bytes);
    }


    private ClassFileTransformer precise(String name) {
        try {
            return precise.get(BUILD_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            problems.accept("could not instrument " + name + ": the instrumentation failed to build: " + e.getCause());
        } catch (TimeoutException e) {
            problems.accept("could not instrument " + name + ": the instrumentation was not built within "
                    + BUILD_WAIT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problems.accept("could not instrument " + name + ": interrupted while the instrumentation was built");
        }
        return null;
    }
}
