package dev.idempotency.agent.javaagent.cli;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * {@code java -jar idempotency-agent.jar <command> ...}: the operator's tools. Exit status 0 on
 * success, 1 when the command failed, 2 on a usage error.
 */
public final class Cli {

    private Cli() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || "help".equals(args[0]) || "--help".equals(args[0])) {
            usage(out);
            return args.length == 0 ? 2 : 0;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try {
            switch (args[0]) {
                case "attach":
                    return AttachCommand.run(rest, out, err);
                default:
                    err.println("unknown command: " + args[0]);
                    usage(err);
                    return 2;
            }
        } catch (UsageException usage) {
            err.println(usage.getMessage());
            usage(err);
            return 2;
        }
    }

    private static void usage(PrintStream out) {
        out.println("usage: java -jar idempotency-agent.jar <command>");
        out.println();
        out.println("  attach <pid> --config <file>   load the agent into a running JVM");
    }
}
