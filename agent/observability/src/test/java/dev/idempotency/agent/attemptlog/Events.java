package dev.idempotency.agent.attemptlog;

import dev.idempotency.agent.core.attempt.AttemptEvent;
import dev.idempotency.agent.core.attempt.Decision;
import java.time.Instant;

/** Attempt events as the gate would build them, for the log's tests. */
final class Events {

    static final Instant AT = Instant.parse("2026-03-01T12:00:00.125Z");

    private Events() {
    }

    /** An executed POST /orders/42/payments with every fixed field set. */
    static AttemptEvent.Builder executed() {
        return AttemptEvent.builder()
                .timestamp(AT)
                .decision(Decision.EXECUTED)
                .reason("executed; outcome stored")
                .key("key-1")
                .scope("merchant-7")
                .requestId("req-1")
                .attempt(1)
                .endpoint("create-payment")
                .method("POST")
                .route("/orders/{id}/payments")
                .path("/orders/42/payments")
                .status(201)
                .durationNanos(1_234_567);
    }
}
