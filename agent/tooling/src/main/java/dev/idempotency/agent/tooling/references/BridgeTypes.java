package dev.idempotency.agent.tooling.references;

import dev.idempotency.agent.tooling.NestedJar;
import java.io.IOException;
import java.io.UncheckedIOException;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

/**
 * The bridge's types, described from the class files the agent carries. No class loader can
 * describe them: the boot loader defined them from bytes, so none has them as resources; and a
 * loader asked for one may remember it as absent and then refuse to load the class itself, as
 * Payara's {@code APIClassLoader} does for every loader below it, after which no adapter extending
 * a bridge type can be defined there. Read once, at the first reference check that needs them.
 */
public final class BridgeTypes {

    /** The bridge's package, defined in the boot loader: every class the adapters share with the agent. */
    public static final String PACKAGE = "dev.idempotency.agent.bootstrap.";

    private BridgeTypes() {
    }

    static boolean isBridge(String binaryName) {
        return binaryName.startsWith(PACKAGE);
    }

    static TypePool pool() {
        return Holder.POOL;
    }

    private static final class Holder {
        static final TypePool POOL = read();

        private static TypePool read() {
            try {
                return TypePool.Default.of(new ClassFileLocator.Compound(
                        new ClassFileLocator.Simple(NestedJar.open("bootstrap.jar").classes()),
                        ClassFileLocator.ForClassLoader.ofBootLoader()));
            } catch (IOException unbuilt) {
                throw new UncheckedIOException(unbuilt);
            }
        }
    }
}
