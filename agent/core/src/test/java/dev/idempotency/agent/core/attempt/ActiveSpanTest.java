package dev.idempotency.agent.core.attempt;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Scope;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The application's OpenTelemetry API (on this test's class path), met by reflection as in a service. */
class ActiveSpanTest {

    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String SERVER_SPAN = "b7ad6b7169203331";
    private static final List<String> CALLER = List.of("00-" + TRACE + "-00f067aa0ba902b7-01");

    @Test
    void anActiveSpanIsPreferredToTheCallersTraceparent() {
        SpanContext server = SpanContext.create(TRACE, SERVER_SPAN, TraceFlags.getSampled(), TraceState.getDefault());
        try (Scope active = Span.wrap(server).makeCurrent()) {
            TraceParent trace = TraceParent.ofRequest(CALLER);

            assertThat(trace.traceId()).isEqualTo(TRACE);
            assertThat(trace.spanId()).as("the request's own span").isEqualTo(SERVER_SPAN);
        }
    }

    @Test
    void withoutAnActiveSpanTheCallersTraceparentCounts() {
        assertThat(ActiveSpan.current()).isNull();
        assertThat(TraceParent.ofRequest(CALLER).spanId()).isEqualTo("00f067aa0ba902b7");
    }

    @Test
    void aThreadWhoseLoaderHasNoOpenTelemetryApiHasNoActiveSpan() {
        Thread thread = Thread.currentThread();
        ClassLoader original = thread.getContextClassLoader();
        thread.setContextClassLoader(ClassLoader.getPlatformClassLoader());
        try {
            assertThat(ActiveSpan.current()).isNull();
            assertThat(TraceParent.ofRequest(List.of())).isNull();
        } finally {
            thread.setContextClassLoader(original);
        }
    }
}
