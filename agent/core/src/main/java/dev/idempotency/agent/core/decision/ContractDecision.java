package dev.idempotency.agent.core.decision;

import dev.idempotency.agent.bootstrap.DropCleaner;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.core.attempt.Decision;
import dev.idempotency.agent.core.attempt.MarkedUnknown;
import dev.idempotency.agent.core.attempt.RequestDetails;
import dev.idempotency.agent.core.fingerprint.Fingerprint;
import dev.idempotency.agent.core.key.ParsedKey;
import dev.idempotency.agent.core.lease.LiveLeases;
import dev.idempotency.agent.store.keeper.UnansweredClaims;
import dev.idempotency.agent.core.policy.EndpointPolicy;
import dev.idempotency.agent.core.problem.ProblemType;
import dev.idempotency.agent.core.scope.ScopeCookies;
import dev.idempotency.agent.core.scope.ResolvedScope;
import dev.idempotency.agent.core.time.TimeSource;
import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.LeaseRef;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.RequestWork;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.vocabulary.CrashPolicy;
import java.io.IOException;
import java.time.Instant;
import java.util.Optional;

/**
 * The contract made executable, for one request to a declared endpoint: key, scope, size and
 * deadline checked in the contract's order, then the store's claim, and from the record it meets
 * the answer (execute, replay, refuse, wait for the request in flight, outcome unknown), or the
 * store's failure answered as the endpoint's {@code on-store-error} says. The answers that run no
 * handler are {@link Refusals}; once the JVM stops, {@link Admissions} lets no new claim in.
 */
final class ContractDecision {

    /** How often a waiting request looks for the outcome of the one in flight. */
    static final long WAIT_POLL_MILLIS = 50;

    private final RequestWork store;
    private final OutcomeWrites outcomes;
    private final String owner;
    private final TimeSource time;
    private final FailureReports reports;
    private final AgentFailures failures;
    private final RequestDetails details;
    private final LiveLeases leases;
    private final UnansweredClaims unanswered;
    private final DropCleaner dropped = ClaimedExecution.droppedExecutions();
    private final SharedScopeWarning sharedScope;
    private final Refusals refusals;
    /**
     * Runs between a claim and the verdict that lets the handler run, where nothing of the agent's
     * is expected to fail: tests put a failure of the agent's own there.
     */
    Runnable beforeHandler = () -> { };
    /** Part of every derived downstream key, so two services never derive one key from one client key. */
    volatile String serviceName = "";

    private final Admissions admissions = new Admissions();

    ContractDecision(RequestWork store, OutcomeWrites outcomes, String owner, TimeSource time, FailureReports reports,
            AgentFailures failures, RequestDetails details, LiveLeases leases, UnansweredClaims unanswered) {
        this.store = store;
        this.outcomes = outcomes;
        this.owner = owner;
        this.time = time;
        this.reports = reports;
        this.failures = failures;
        this.details = details;
        this.leases = leases;
        this.unanswered = unanswered;
        this.sharedScope = new SharedScopeWarning(reports);
        this.refusals = new Refusals(time, reports);
    }

    /** From now on no key is claimed: the JVM is stopping. */
    void stopClaiming() {
        admissions.stop();
    }

    /** Requests let in before {@link #stopClaiming} still between their claim and a tracked lease. */
    int claimsUnderWay() {
        return admissions.underWay();
    }

    Verdict decide(AttemptContext attempt, RequestView request) {
        EndpointPolicy policy = attempt.policy;
        ParsedKey key = policy.keyParser().parse(request.headers(policy.settings().keyHeader()));
        if (key.outcome() == ParsedKey.Outcome.MISSING) {
            if (!policy.settings().required()) {
                reports.emit(attempt.event(time, Decision.PASSTHROUGH,
                        "no idempotency key and the endpoint does not require one; executed unprotected", 0, null));
                return Verdict.proceed(null, attempt.baseHeaders());
            }
            return refusals.refuse(attempt, ProblemType.KEY_MISSING, key.reason(), null,
                    "This endpoint requires an " + policy.settings().keyHeader() + " header. Generate a unique key (a UUID) "
                            + "for the operation and send it with this request and with every retry of it.");
        }
        if (!key.isValid()) {
            return refusals.refuse(attempt, ProblemType.KEY_INVALID, key.reason(), null,
                    "The " + policy.settings().keyHeader() + " header is not usable: " + key.reason() + ". Send "
                            + policy.keyParser().expected() + ".");
        }
        attempt.key = key.value();

        ResolvedScope scope = policy.scopeResolver().resolve(request);
        if (!scope.isResolved()) {
            return refusals.refuse(attempt, ProblemType.SCOPE_MISSING, scope.missingReason(), null,
                    "Idempotency keys of this endpoint are unique per " + policy.settings().scope() + ", but "
                            + scope.missingReason().replace("the request has", "this request has")
                            + ". Send it (or authenticate) and retry with the same key.");
        }
        attempt.scope = scope.value();
        attempt.scopeCookies = ScopeCookies.sentWith(policy.scopeResolver(), request.headers("Cookie"));
        sharedScope.check(policy, request);

        if (request.contentLength() > policy.maxRequestBody()) {
            return refusals.tooLarge(attempt);
        }
        byte[] body;
        try {
            body = request.body(policy.maxRequestBody());
        } catch (IOException e) {
            return refusals.bodyUnreadable(attempt, e);
        }
        if (body == null) {
            return refusals.tooLarge(attempt);
        }
        attempt.captureBody(details, request, body);
        Verdict late = refusals.checkDeadline(attempt, request);
        if (late != null) {
            return late;
        }
        Fingerprint fingerprint = policy.fingerprintRecipe().compute(request, attempt.path, body);
        attempt.fingerprintFellBack = fingerprint.fellBackToRaw();
        ClaimRequest claim = new ClaimRequest(attempt.scope, attempt.key, policy.name(), fingerprint.hex(), owner,
                attempt.requestId, policy.settings().lease(), policy.settings().ttl());
        attempt.storeAsked = true;
        return claim(attempt, claim);
    }

    private Verdict claim(AttemptContext attempt, ClaimRequest claim) {
        if (!admissions.enter()) {
            return whileStopping(attempt, claim);
        }
        try {
            ClaimResult result;
            try {
                result = store.claim(claim);
            } catch (RuntimeException e) {
                // The claim may be written though its answer is lost: withdrawn once the store answers, so
                // the retry of this refused (never executed) request is not kept waiting on it.
                String withdrawal = unanswered.add(claim)
                        ? "; the claim, if the store wrote it, is withdrawn once the store answers" : "";
                return refusals.storeFailure(attempt, "the store failed to claim the key", e, withdrawal);
            }
            return onClaim(attempt, claim, result);
        } finally {
            admissions.leave();
        }
    }

    /**
     * The JVM is stopping: a key completed earlier with this fingerprint is still replayed (a read,
     * no claim, its attempt count not written); anything else is refused before any effect.
     */
    private Verdict whileStopping(AttemptContext attempt, ClaimRequest claim) {
        try {
            Optional<StoredRecord> record = store.find(claim.scope(), claim.key());
            if (record.isPresent() && record.get().state() == RecordState.COMPLETED
                    && claim.fingerprint().equals(record.get().fingerprint())) {
                attempt.attemptNumber = record.get().attempts() + 1;
                return replay(attempt, record.get());
            }
        } catch (RuntimeException closing) {
            // The store is closing or failing: refused as any other request of the stop.
        }
        return refusals.stopping(attempt);
    }

    private Verdict onClaim(AttemptContext attempt, ClaimRequest claim, ClaimResult result) {
        StoredRecord record = result.record();
        attempt.attemptNumber = record.attempts();
        if (result.claimed()) {
            return execute(attempt, record.fencingToken());
        }
        ClaimRequest refused = record.state() != RecordState.COMPLETED ? unanswered.of(record) : null;
        if (refused != null) {
            return claimAgainAfterWithdrawing(attempt, claim, refused);
        }
        if (record.state() == RecordState.IN_PROGRESS && owner.equals(record.owner())) {
            return heldInThisJvm(attempt, claim, record);
        }
        return onRecord(attempt, claim, record);
    }

    /** The answer to a claim that met {@code record}, held by another request, in the contract's order. */
    private Verdict onRecord(AttemptContext attempt, ClaimRequest claim, StoredRecord record) {
        if (!claim.fingerprint().equals(record.fingerprint())) {
            return keyReused(attempt);
        }
        if (record.state() == RecordState.COMPLETED) {
            return replay(attempt, record);
        }
        if (record.state() == RecordState.UNKNOWN) {
            return refusals.outcomeUnknown(attempt, "an earlier attempt's owner died mid-execution, or its outcome could not "
                    + "be written; the record is UNKNOWN");
        }
        if (record.leaseExpired()) {
            return ownerDied(attempt, claim, record);
        }
        return waitForOutcome(attempt, claim);
    }

    /**
     * The key is held by a request of this JVM. Its handler may still run, or it may have answered
     * with its outcome written behind the response ({@link OutcomeWrites}): a completion, or a
     * release that frees the key. The retry waits for that write (as long as the lease, which stays
     * renewed meanwhile) and is decided on what it wrote, rather than on the claim the first client
     * may already have had its answer for. The record is read again after the wait, and also when
     * no write was pending: the write may have ended between the claim's read and this check.
     */
    private Verdict heldInThisJvm(AttemptContext attempt, ClaimRequest claim, StoredRecord record) {
        Optional<StoredRecord> now;
        try {
            if (!outcomes.awaitWritten(claim.scope(), claim.key(), record.fencingToken(),
                    attempt.policy.settings().lease().toMillis())) {
                return onRecord(attempt, claim, record);
            }
            now = store.find(claim.scope(), claim.key());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return onRecord(attempt, claim, record);
        } catch (RuntimeException e) {
            return refusals.storeFailure(attempt, "the store failed while reading the outcome of the request in flight", e);
        }
        return now.isPresent() ? onRecord(attempt, claim, now.get()) : claim(attempt, claim);
    }

    private Verdict claimAgainAfterWithdrawing(AttemptContext attempt, ClaimRequest claim, ClaimRequest refused) {
        try {
            store.withdrawUnstarted(refused);
        } catch (RuntimeException e) {
            return refusals.storeFailure(attempt, "the store failed to withdraw the claim of an earlier request it had refused", e);
        }
        unanswered.withdrawn(refused);
        attempt.withdrewClaimOf = refused.requestId();
        return claim(attempt, claim);
    }

    private Verdict execute(AttemptContext attempt, long fencingToken) {
        LeaseRef lease = new LeaseRef(attempt.scope, attempt.key, fencingToken);
        attempt.claimBeforeHandler = lease;
        ClaimedExecution execution = new ClaimedExecution(attempt, lease, store, outcomes, leases, reports, time, dropped,
                (adapter, cause, withdrawn) -> failures.adapterFailedBeforeHandler(attempt, adapter, cause, withdrawn));
        try {
            beforeHandler.run();
            if (attempt.policy.settings().propagateKey().enabled()) {
                execution.keyDownstreamCalls(serviceName);
            }
            return Verdict.proceed(execution, attempt.baseHeaders());
        } catch (VirtualMachineError e) {
            throw e; // the request runs as if the agent were absent: the dropped execution ends the claim UNKNOWN
        } catch (Throwable e) {
            execution.withdraw();
            throw e;
        }
    }

    private Verdict keyReused(AttemptContext attempt) {
        return refusals.refuse(attempt, ProblemType.KEY_REUSED,
                "the key was first used for a request with a different fingerprint", null,
                "This idempotency key was already used for a different request (method, path, parameters or "
                        + "body differ). Use a new key for a new operation, or resend the original request unchanged.");
    }

    private Verdict replay(AttemptContext attempt, StoredRecord record) {
        return Answers.replay(attempt, record.response(), refusals.pending(attempt, Decision.REPLAYED,
                "same key and fingerprint completed earlier; replayed the stored response"
                        + (record.response().bodyRetained() ? "" : " (body not retained)"),
                record.response().status(), null));
    }

    private Verdict ownerDied(AttemptContext attempt, ClaimRequest claim, StoredRecord record) {
        try {
            if (attempt.policy.settings().crashPolicy() == CrashPolicy.REEXECUTE) {
                Optional<StoredRecord> taken = store.takeOver(claim, record.fencingToken());
                if (taken.isPresent()) {
                    attempt.attemptNumber = taken.get().attempts();
                    return execute(attempt, taken.get().fencingToken());
                }
                return refusals.inProgress(attempt, "the owner's lease expired, but another request took the key over first");
            }
            if (!store.markUnknown(claim.scope(), claim.key(), record.fencingToken())) {
                return refusals.inProgress(attempt, "the owner's lease expired, but the record changed before it was marked");
            }
            reports.markedUnknown(new MarkedUnknown(Instant.ofEpochMilli(time.currentTimeMillis()), attempt.key,
                    attempt.scope, attempt.policy.name(), record.owner(), record.fencingToken(), attempt.requestId,
                    attempt.trace));
        } catch (RuntimeException e) {
            return refusals.storeFailure(attempt, "the store failed while handling an expired lease", e);
        }
        return refusals.outcomeUnknown(attempt, "the owner's lease expired mid-execution; the record was marked UNKNOWN");
    }

    private Verdict waitForOutcome(AttemptContext attempt, ClaimRequest claim) {
        long waitMillis = attempt.policy.settings().inFlightWait().toMillis();
        if (attempt.remainingDeadlineMillis != null) {
            waitMillis = Math.min(waitMillis, attempt.remainingDeadlineMillis);
        }
        long until = time.nanoTime() + waitMillis * 1_000_000L;
        try {
            for (long left = waitMillis; left > 0; left = (until - time.nanoTime()) / 1_000_000L) {
                time.sleepMillis(Math.min(WAIT_POLL_MILLIS, left));
                Optional<StoredRecord> now = store.find(claim.scope(), claim.key());
                if (now.isPresent() && now.get().state() == RecordState.COMPLETED
                        && claim.fingerprint().equals(now.get().fingerprint())) {
                    return replay(attempt, now.get());
                }
                if (!now.isPresent() || now.get().state() != RecordState.IN_PROGRESS) {
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            return refusals.storeFailure(attempt, "the store failed while waiting for the request in flight", e);
        }
        return refusals.inProgress(attempt, waitMillis > 0
                ? "a request with this key is still executing after waiting " + waitMillis + " ms"
                : "a request with this key is still executing");
    }
}
