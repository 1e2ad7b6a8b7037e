package dev.idempotency.agent.cli;

import java.util.LinkedHashSet;
import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * {@code resolve <key> [--scope S] [--token T] [--force] (--release | --complete --status N
 * [--body-file F] [--header 'Name: value']...)}: the operator's decision for a record whose owner
 * died. The change is fenced by the record's token (the one given, else the one just read) and
 * refused while the owner's lease is live unless {@code --force}.
 */
final class ResolveCommand extends OperatorCommand {

    private String key;
    private String scope;
    private Long expectedToken;
    private boolean force;
    /** {@code null} for {@code --release}. */
    private StoredResponse outcome;

    @Override
    String name() {
        return "resolve";
    }

    @Override
    Set<String> valueOptions() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList("scope", "token", "status", "body-file", "header")));
    }

    @Override
    Set<String> flags() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList("release", "complete", "force")));
    }

    @Override
    void prepare(Arguments arguments) {
        key = arguments.onlyPositional("idempotency key");
        scope = ScopeOption.of(arguments);
        force = arguments.flag("force");
        String token = arguments.value("token");
        expectedToken = token == null ? null : parseToken(token);
        boolean release = arguments.flag("release");
        boolean complete = arguments.flag("complete");
        if (release == complete) {
            throw new UsageException("resolve: give exactly one of --release (the next retry executes) or "
                    + "--complete --status N (retries replay the answer you give)");
        }
        if (release) {
            if (!arguments.values("status").isEmpty() || !arguments.values("body-file").isEmpty()
                    || !arguments.values("header").isEmpty()) {
                throw new UsageException("resolve: --status, --body-file and --header go with --complete, not --release");
            }
            outcome = null;
        } else {
            outcome = ReconciledResponse.from(arguments);
        }
    }

    private static long parseToken(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("resolve: --token must be the fencing-token printed by inspect, was '" + text + "'");
        }
    }

    @Override
    int execute(OperatorStore store, PrintStream out) {
        StoredRecord record = current(store);
        long token = expectedToken == null ? record.fencingToken() : expectedToken;
        if (token != record.fencingToken()) {
            throw new CommandFailed("resolve: refused: the record's fencing token is now " + record.fencingToken()
                    + ", not " + token + "; another attempt took it over. Inspect it again and decide anew.");
        }
        checkResolvable(record);
        boolean done;
        if (outcome == null) {
            done = store.records().resolveRelease(scope, key, token, force);
        } else {
            Duration ttl = store.ttlOf(record.endpoint());
            done = store.records().resolveComplete(scope, key, token, outcome, ttl, force);
        }
        if (!done) {
            throw new CommandFailed("resolve: refused: the record changed while resolving it (a retry took it over, "
                    + "or its owner renewed or completed it). Nothing was changed; inspect it again.");
        }
        out.println(outcome == null
                ? "released key '" + key + "' (was " + record.state() + ", token " + token
                        + "): the next request with this key executes the operation again"
                : "completed key '" + key + "' (was " + record.state() + ", token " + token + ") with status "
                        + outcome.status() + " and a " + outcome.body().length + "-byte body: retries replay it for "
                        + store.ttlOf(record.endpoint()));
        return 0;
    }

    private StoredRecord current(OperatorStore store) {
        Optional<StoredRecord> record = store.records().find(scope, key);
        if (!record.isPresent()) {
            throw new CommandFailed("resolve: no record for key '" + key + "' in scope " + RecordText.scope(scope)
                    + "; nothing to resolve (the next request with this key executes)");
        }
        return record.get();
    }

    private void checkResolvable(StoredRecord record) {
        if (record.state() == RecordState.COMPLETED) {
            throw new CommandFailed("resolve: refused: the record is already COMPLETED with status "
                    + record.response().status() + "; retries replay it until " + RecordText.instant(record.expiresAt()));
        }
        if (record.state() == RecordState.IN_PROGRESS && !record.leaseExpired() && !force) {
            throw new CommandFailed("resolve: refused: the record is IN_PROGRESS and its owner " + record.owner()
                    + " holds a live lease until " + RecordText.instant(record.leaseUntil())
                    + "; it may still be executing. Wait and inspect again, or pass --force if you know the owner is gone.");
        }
    }
}
