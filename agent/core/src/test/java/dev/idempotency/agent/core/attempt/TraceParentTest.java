package dev.idempotency.agent.core.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class TraceParentTest {

    private static final String VALID = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    @Test
    void aWellFormedHeaderGivesTheTraceAndTheCallersSpan() {
        TraceParent trace = TraceParent.parse(List.of(VALID));
        assertThat(trace.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(trace.spanId()).isEqualTo("00f067aa0ba902b7");
        assertThat(TraceParent.parse(List.of(" " + VALID + " "))).as("surrounding spaces").isNotNull();
        assertThat(TraceParent.parse(List.of("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra")))
                .as("a later version may append fields").isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
            "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",
            "00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-0g",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\n{\"x\":1}",
    })
    void anythingElseIsIgnored(String header) {
        assertThat(TraceParent.parse(List.of(header))).isNull();
    }

    @Test
    void noneOrSeveralLinesAreIgnored() {
        assertThat(TraceParent.parse(List.of())).isNull();
        assertThat(TraceParent.parse(null)).isNull();
        assertThat(TraceParent.parse(List.of(VALID, VALID))).isNull();
    }
}
