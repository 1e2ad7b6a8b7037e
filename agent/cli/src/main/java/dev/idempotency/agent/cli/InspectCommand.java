package dev.idempotency.agent.cli;

import java.util.Collections;
import dev.idempotency.agent.store.StoredRecord;
import java.io.PrintStream;
import java.util.Optional;
import java.util.Set;

/** {@code inspect <key> [--scope S]}: prints one record, fencing token included (resolve takes it). */
final class InspectCommand extends OperatorCommand {

    private String key;
    private String scope;

    @Override
    String name() {
        return "inspect";
    }

    @Override
    Set<String> valueOptions() {
        return Collections.singleton("scope");
    }

    @Override
    Set<String> flags() {
        return Collections.emptySet();
    }

    @Override
    void prepare(Arguments arguments) {
        key = arguments.onlyPositional("idempotency key");
        scope = ScopeOption.of(arguments);
    }

    @Override
    int execute(OperatorStore store, PrintStream out) {
        Optional<StoredRecord> record = store.records().find(scope, key);
        if (!record.isPresent()) {
            throw new CommandFailed("inspect: no record for key '" + key + "' in scope " + RecordText.scope(scope)
                    + " (never used, purged, or released; a scoped endpoint needs --scope)");
        }
        RecordText.printRecord(record.get(), out);
        return 0;
    }
}
