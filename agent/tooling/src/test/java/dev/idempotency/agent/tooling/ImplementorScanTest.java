package dev.idempotency.agent.tooling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The pre-filter must let through every class that implements an entry interface, however indirectly. */
class ImplementorScanTest {

    interface Entry {
    }

    interface SubEntry extends Serializable, Entry {
    }

    static class Direct implements Entry {
    }

    static class ViaSuperclass extends Direct {
    }

    static class ViaSubInterface implements Runnable, SubEntry {
        @Override
        public void run() {
        }
    }

    abstract static class AbstractViaInterface implements SubEntry {
    }

    static class Unrelated implements Runnable {
        @Override
        public void run() {
        }
    }

    /** Its super class cannot be read as a resource: the precise matcher must decide. */
    static class UnreadableSuper extends Direct {
    }

    private final ClassLoader loader = getClass().getClassLoader();
    private final ImplementorScan hierarchy = new ImplementorScan(Set.of(internalName(Entry.class)), ClassFileResources.ofThisJvm());

    @Test
    void concreteClassesReachingTheEntryInterfaceMatch() throws IOException {
        assertThat(mayImplement(Direct.class)).isTrue();
        assertThat(mayImplement(ViaSuperclass.class)).isTrue();
        assertThat(mayImplement(ViaSubInterface.class)).isTrue();
        assertThat(mayImplement(AbstractViaInterface.class)).isTrue();
    }

    @Test
    void interfacesAndUnrelatedClassesDoNot() throws IOException {
        assertThat(mayImplement(SubEntry.class)).isFalse();
        assertThat(mayImplement(Unrelated.class)).isFalse();
        assertThat(mayImplement(String.class)).isFalse();
    }

    @Test
    void aSupertypeThatCannotBeReadLetsThePreciseMatcherDecide() throws IOException {
        ClassLoader blind = new ClassLoader(null) {
        };
        assertThat(hierarchy.mayImplement(blind, internalName(UnreadableSuper.class), bytes(UnreadableSuper.class)))
                .isTrue();
    }

    @Test
    void malformedBytesNeverMatch() {
        assertThat(hierarchy.mayImplement(loader, "x/Broken", new byte[] {1, 2, 3})).isFalse();
    }

    private boolean mayImplement(Class<?> type) throws IOException {
        return hierarchy.mayImplement(loader, internalName(type), bytes(type));
    }

    private static String internalName(Class<?> type) {
        return type.getName().replace('.', '/');
    }

    private static byte[] bytes(Class<?> type) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName(type) + ".class")) {
            return in.readAllBytes();
        }
    }
}
