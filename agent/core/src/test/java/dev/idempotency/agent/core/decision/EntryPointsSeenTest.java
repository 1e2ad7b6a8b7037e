package dev.idempotency.agent.core.decision;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where each endpoint's requests entered: recorded once per class, the most recent few kept, names only. */
class EntryPointsSeenTest {

    private final EntryPointsSeen seen = new EntryPointsSeen();

    @Test
    void eachEntryPointIsRecordedOnceWithItsLoader() {
        seen.saw("create-order", EntryPointsSeenTest.class);
        seen.saw("create-order", EntryPointsSeenTest.class);
        seen.saw("create-payment", String.class);

        assertThat(seen.snapshot()).isEqualTo(Map.of(
                "create-order", List.of(EntryPointsSeenTest.class.getName() + " in "
                        + EntryPointsSeenTest.class.getClassLoader().getClass().getName() + "@"
                        + Integer.toHexString(System.identityHashCode(EntryPointsSeenTest.class.getClassLoader()))),
                "create-payment", List.of("java.lang.String in the bootstrap loader")));
    }

    @Test
    void anEndpointKeepsItsMostRecentEntryPointsOnly() {
        List<Class<?>> types = List.of(Integer.class, Long.class, Short.class, Byte.class, Double.class);
        types.forEach(type -> seen.saw("create-order", type));
        seen.saw("create-order", Double.class);

        assertThat(seen.snapshot().get("create-order")).containsExactly(
                "java.lang.Double in the bootstrap loader", "java.lang.Byte in the bootstrap loader",
                "java.lang.Short in the bootstrap loader", "java.lang.Long in the bootstrap loader");
    }

    @Test
    void aRequestWhoseAdapterCannotTellIsNotRecorded() {
        seen.saw("create-order", null);

        assertThat(seen.snapshot()).isEmpty();
    }
}
