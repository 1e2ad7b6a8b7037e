package dev.idempotency.agent.cli.verify;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * One declared endpoint as verify calls it: the concrete URI (path parameters filled in), the
 * sample body and its type, the headers every request carries (a tenant, a cookie), and what the
 * endpoint's config says the agent answers.
 */
final class Target {

    final String endpoint;
    final String method;
    final URI uri;
    final byte[] body;
    final String contentType;
    final Map<String, String> headers;
    final String keyHeader;
    final String requestIdHeader;
    final boolean keyRequired;
    final int missingKeyStatus;
    final int invalidKeyStatus;
    final int keyReusedStatus;
    final int inProgressStatus;
    /** The replayed headers an answer and its replay must agree on (lower case). */
    final List<String> replayedHeaders;
    /** {@code null} without a {@code --count} probe for this endpoint. */
    final EffectCount count;
    /** The cookie of a {@code scope: cookie:NAME} endpoint, whose keys belong to one session; else {@code null}. */
    final String sessionCookie;
    /** {@code scope: none}: a key is one operation whoever sends it, so with a login its sessions are checked too. */
    final boolean sharedByAllCallers;

    Target(String endpoint, String method, URI uri, byte[] body, String contentType, Map<String, String> headers,
            String keyHeader, String requestIdHeader, boolean keyRequired, int missingKeyStatus, int invalidKeyStatus,
            int keyReusedStatus, int inProgressStatus, List<String> replayedHeaders, EffectCount count,
            String sessionCookie, boolean sharedByAllCallers) {
        this.endpoint = endpoint;
        this.method = method;
        this.uri = uri;
        this.body = body;
        this.contentType = contentType;
        this.headers = headers;
        this.keyHeader = keyHeader;
        this.requestIdHeader = requestIdHeader;
        this.keyRequired = keyRequired;
        this.missingKeyStatus = missingKeyStatus;
        this.invalidKeyStatus = invalidKeyStatus;
        this.keyReusedStatus = keyReusedStatus;
        this.inProgressStatus = inProgressStatus;
        this.replayedHeaders = replayedHeaders;
        this.count = count;
        this.sessionCookie = sessionCookie;
        this.sharedByAllCallers = sharedByAllCallers;
    }

    /**
     * Whether the agent answered that the key's first request still runs: the endpoint's in-progress
     * status with the agent's problem type. An application may answer the same status for its own
     * reasons (409 for an e-mail address already taken), which is its answer, not a wait.
     */
    boolean inProgress(Answer answer) {
        return answer.status() == inProgressStatus && answer.problemType().equals("idempotency-request-in-progress");
    }
}
