package dev.idempotency.agent.javaagent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.store.StoreUnavailableException;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A message that embeds another's text (a class loader's multi-line toString, a database's SQL) stays one line a grep finds. */
class DiagnosticsTest {

    @Test
    void lineBreaksAndTheIndentAfterThemBecomeOneSpace() {
        assertThat(Diagnostics.oneLine("WebappClassLoader\n  context: shop\n  delegate: false\r\n  ----------> Parent Classloader:\nok"))
                .isEqualTo("WebappClassLoader context: shop delegate: false ----------> Parent Classloader: ok");
        assertThat(Diagnostics.oneLine("one line")).isEqualTo("one line");
    }

    @Test
    void aStoreFailureIsOneCausePerChainOfTypesWhereverTheStoreThrewIt() {
        String where = "test " + System.nanoTime() + ": the store failed to claim the key";

        assertThat(Diagnostics.errorOnce(where, new StoreUnavailableException("claim failed: The database has been closed",
                new SQLException("The database has been closed", new IOException("No space left on device")))))
                .as("the first").isTrue();
        assertThat(Diagnostics.errorOnce(where, readFailure(new SQLException("Writing to Channel@2f34c434 failed",
                new IOException("No space left on device, at 8192"))))).as("the same chain, thrown elsewhere, worded otherwise")
                .isFalse();
        assertThat(Diagnostics.errorOnce(where, readFailure(new SQLException("The database has been closed"))))
                .as("another chain").isTrue();
    }

    @Test
    void theAgentsOwnFailureIsOneCausePerThrowingFrame() {
        String where = "test " + System.nanoTime() + ": the agent failed";

        List<Boolean> reported = new ArrayList<>();
        for (String message : Arrays.asList("one", "two")) {
            reported.add(Diagnostics.errorOnce(where, new IllegalStateException(message)));
        }
        assertThat(reported).as("the first, then the same frame").containsExactly(true, false);
        assertThat(Diagnostics.errorOnce(where, thrownElsewhere())).as("another frame").isTrue();
    }

    private static IllegalStateException thrownElsewhere() {
        return new IllegalStateException("three");
    }

    /** A store failure thrown from a frame of its own, as a read's is beside a grouped write's. */
    private static StoreUnavailableException readFailure(Throwable cause) {
        return new StoreUnavailableException("claim failed: " + cause.getMessage(), cause);
    }
}
