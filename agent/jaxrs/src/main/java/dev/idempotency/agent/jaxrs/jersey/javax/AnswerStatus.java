package dev.idempotency.agent.jaxrs.jersey.javax;

import dev.idempotency.agent.bootstrap.Verdict;
import javax.ws.rs.core.Response;

/**
 * The status of the agent's own answer with its standard reason phrase, as JAX-RS 2.0 lets a
 * response carry one ({@code Response.status(StatusType)}); {@code Response.status(int, String)}
 * is JAX-RS 2.1, which Jersey before 2.26 lacks.
 */
final class AnswerStatus implements Response.StatusType {

    private final int code;
    private final String reasonPhrase;

    AnswerStatus(Verdict verdict) {
        this.code = verdict.status();
        this.reasonPhrase = verdict.reasonPhrase();
    }

    @Override
    public int getStatusCode() {
        return code;
    }

    @Override
    public Response.Status.Family getFamily() {
        return Response.Status.Family.familyOf(code);
    }

    @Override
    public String getReasonPhrase() {
        return reasonPhrase;
    }
}
