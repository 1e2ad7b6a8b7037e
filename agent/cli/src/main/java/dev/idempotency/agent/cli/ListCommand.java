package dev.idempotency.agent.cli;

import java.util.LinkedHashSet;
import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.config.DurationText;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** {@code list --state S [--older-than D] [--limit N]}: records of a state, oldest first. */
final class ListCommand extends OperatorCommand {

    static final int DEFAULT_LIMIT = 100;

    private RecordState state;
    private Duration olderThan;
    private int limit;

    @Override
    String name() {
        return "list";
    }

    @Override
    Set<String> valueOptions() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList("state", "older-than", "limit")));
    }

    @Override
    Set<String> flags() {
        return Collections.emptySet();
    }

    @Override
    void prepare(Arguments arguments) {
        arguments.noPositionals();
        state = state(arguments.value("state"));
        String age = arguments.value("older-than");
        olderThan = age == null ? Duration.ZERO : DurationText.parse(age);
        if (olderThan == null) {
            throw new UsageException("list: --older-than '" + age + "' is not a duration; " + DurationText.FORMS);
        }
        limit = arguments.positiveInt("limit", DEFAULT_LIMIT);
    }

    private static RecordState state(String text) {
        if (text == null) {
            throw new UsageException("list: needs --state in_progress, unknown or completed");
        }
        try {
            return RecordState.valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new UsageException("list: --state must be in_progress, unknown or completed, was '" + text + "'");
        }
    }

    @Override
    int execute(OperatorStore store, PrintStream out) {
        List<StoredRecord> records = store.records().list(state, olderThan, limit);
        out.println(RecordText.listHeading());
        for (StoredRecord record : records) {
            out.println(RecordText.listLine(record));
        }
        out.println(records.size() + " " + state.name() + " record(s)"
                + (olderThan.isZero() ? "" : " created more than " + DurationText.format(olderThan) + " ago")
                + (records.size() == limit ? "; limit " + limit + " reached, raise --limit to see more" : ""));
        return 0;
    }
}
