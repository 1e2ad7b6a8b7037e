package dev.idempotency.agent.javaagent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A message that embeds another's text (a class loader's multi-line toString, a database's SQL) stays one line a grep finds. */
class DiagnosticsTest {

    @Test
    void lineBreaksAndTheIndentAfterThemBecomeOneSpace() {
        assertThat(Diagnostics.oneLine("WebappClassLoader\n  context: shop\n  delegate: false\r\n  ----------> Parent Classloader:\nok"))
                .isEqualTo("WebappClassLoader context: shop delegate: false ----------> Parent Classloader: ok");
        assertThat(Diagnostics.oneLine("one line")).isEqualTo("one line");
    }
}
