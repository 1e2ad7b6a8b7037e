package dev.idempotency.agent.cli;

import java.util.Collections;
import java.io.PrintStream;
import java.util.Set;

/** {@code purge [--dry-run] [--batch-size N]}: deletes expired records now, as the keeper does over time. */
final class PurgeCommand extends OperatorCommand {

    static final int DEFAULT_BATCH = 500;

    private boolean dryRun;
    private int batchSize;

    @Override
    String name() {
        return "purge";
    }

    @Override
    Set<String> valueOptions() {
        return Collections.singleton("batch-size");
    }

    @Override
    Set<String> flags() {
        return Collections.singleton("dry-run");
    }

    @Override
    void prepare(Arguments arguments) {
        arguments.noPositionals();
        dryRun = arguments.flag("dry-run");
        batchSize = arguments.positiveInt("batch-size", DEFAULT_BATCH);
    }

    @Override
    int execute(OperatorStore store, PrintStream out) {
        if (dryRun) {
            out.println("dry run: " + store.records().countExpired() + " expired record(s) would be purged");
            return 0;
        }
        int total = 0;
        int deleted;
        // Bounded batches keep each transaction short while the service keeps claiming.
        do {
            deleted = store.records().purgeExpired(batchSize);
            total += deleted;
        } while (deleted == batchSize);
        out.println("purged " + total + " expired record(s)");
        return 0;
    }
}
