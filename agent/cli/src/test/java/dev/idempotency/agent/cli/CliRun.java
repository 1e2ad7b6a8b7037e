package dev.idempotency.agent.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One command run in process through {@link Cli#run}: its exit status and what it printed. */
final class CliRun {

    final int exit;
    final String out;
    final String err;

    private CliRun(int exit, String out, String err) {
        this.exit = exit;
        this.out = out;
        this.err = err;
    }

    static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Cli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CliRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
