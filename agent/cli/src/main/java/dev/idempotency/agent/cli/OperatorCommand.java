package dev.idempotency.agent.cli;

import dev.idempotency.agent.store.StoreUnavailableException;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * A command that works on the store named by the agent's config. The arguments are checked
 * before the store is opened, so a usage error never waits for a database.
 */
abstract class OperatorCommand {

    /** The command's name on the command line. */
    abstract String name();

    /** Options that take a value, besides {@code --config}. */
    abstract Set<String> valueOptions();

    abstract Set<String> flags();

    /** Reads and checks the arguments; throws {@link UsageException} when they are wrong. */
    abstract void prepare(Arguments arguments);

    /** Does the work; returns the exit status. Throws {@link CommandFailed} with a message for the operator. */
    abstract int execute(OperatorStore store, PrintStream out);

    /** Results on {@code out}; on {@code err} the store's holder, when the command works through a running service. */
    final int run(String[] args, PrintStream out, PrintStream err) {
        Set<String> options = new HashSet<>(valueOptions());
        options.add(ConfigOption.NAME);
        Arguments arguments = Arguments.parse(name(), args, options, flags());
        prepare(arguments);
        try (OperatorStore store = OperatorStore.open(arguments, err)) {
            out.println("store: " + store.description());
            try {
                return execute(store, out);
            } catch (StoreUnavailableException e) {
                String root = rootCause(e);
                throw new CommandFailed(name() + ": the store is unavailable: " + e.getMessage()
                        + (root.equals(e.toString()) ? "" : "\ncause: " + root) + store.hint(e));
            }
        }
    }

    /** The pool reports "connection not available"; the driver's reason is at the end of the chain. */
    static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.toString();
    }
}
