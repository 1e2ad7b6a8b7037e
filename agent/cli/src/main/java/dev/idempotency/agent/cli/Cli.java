package dev.idempotency.agent.cli;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.util.Arrays;

/**
 * {@code java -jar idempotency-agent.jar <command> ...}: the operator's tools. Exit status 0 on
 * success, 1 when the command failed, 2 on a usage error.
 */
public final class Cli {

    private static final String VERIFY = "dev.idempotency.agent.cli.verify.VerifyCommand";

    private Cli() {
    }

    public static void main(String[] args) {
        quietLibraryLogging();
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || "help".equals(args[0]) || "--help".equals(args[0])) {
            usage(args.length == 0 ? err : out);
            return args.length == 0 ? 2 : 0;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try {
            switch (args[0]) {
                case "attach":
                    return AttachCommand.run(rest, out, err);
                case "inspect":
                    return new InspectCommand().run(rest, out, err);
                case "list":
                    return new ListCommand().run(rest, out, err);
                case "resolve":
                    return new ResolveCommand().run(rest, out, err);
                case "purge":
                    return new PurgeCommand().run(rest, out, err);
                case "status":
                    return StatusCommand.run(rest, out, err);
                case "discover":
                    return DiscoverCommand.run(rest, out, err);
                case "verify":
                    return verify(rest, out, err);
                default:
                    err.println("unknown command: " + args[0]);
                    usage(err);
                    return 2;
            }
        } catch (UsageException usage) {
            err.println(usage.getMessage());
            usage(err);
            return 2;
        } catch (CommandFailed failed) {
            err.println(failed.getMessage());
            return 1;
        } catch (RuntimeException unexpected) {
            err.println(args[0] + ": failed: " + unexpected);
            return 1;
        }
    }

    /**
     * {@code verify} speaks HTTP through the JDK's {@code HttpClient}, which came with Java 11: its
     * classes are compiled for Java 11 and reached by name, so an older {@code java} is told what to
     * run instead. The service it checks may run on any Java the agent supports.
     */
    private static boolean hasHttpClient() {
        try {
            Class.forName("java.net.http.HttpClient", false, ClassLoader.getSystemClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError beforeJava11) {
            return false;
        }
    }

    private static int verify(String[] args, PrintStream out, PrintStream err) {
        if (!hasHttpClient()) {
            err.println("verify: needs a java of version 11 or newer (it speaks HTTP with the JDK's HttpClient); this one is "
                    + System.getProperty("java.version") + " at " + System.getProperty("java.home") + ". The service may "
                    + "run on Java 8: run this same jar's verify with a newer java, on any machine that reaches the service.");
            return 2;
        }
        try {
            return (Integer) Class.forName(VERIFY).getMethod("run", String[].class, PrintStream.class, PrintStream.class)
                    .invoke(null, args, out, err);
        } catch (InvocationTargetException failed) {
            if (failed.getCause() instanceof RuntimeException) {
                throw (RuntimeException) failed.getCause();
            }
            throw new IllegalStateException(failed.getCause());
        } catch (ReflectiveOperationException missing) {
            throw new IllegalStateException("the agent jar lacks " + VERIFY + ": " + missing, missing);
        }
    }

    /** The pool and drivers log through the agent's relocated SLF4J; a tool shows only their errors. */
    private static void quietLibraryLogging() {
        String level = "org.slf4j.simpleLogger.defaultLogLevel";
        if (System.getProperty(level) == null) {
            System.setProperty(level, "error");
        }
    }

    private static void usage(PrintStream out) {
        out.println("usage: java -jar idempotency-agent.jar <command> [options]");
        out.println();
        out.println("  attach <pid> --config <file>   load the agent into a running JVM");
        out.println("  status <pid>                   what the agent in a running JVM protects: config, store,");
        out.println("                                 instrumented entry points, requests per endpoint, warnings");
        out.println("  discover <pid>                 the undeclared POST/PUT/PATCH/DELETE (and GETs that may change");
        out.println("                                 state) a running JVM took, and an endpoints: list to declare them");
        out.println("  inspect <key> [--scope S]      print the record of a key (state, owner, fencing token, lease,");
        out.println("                                 stored status and headers; never the body)");
        out.println("  list --state in_progress|unknown|completed [--older-than 10m] [--limit N]");
        out.println("                                 records of a state, oldest first (default limit "
                + ListCommand.DEFAULT_LIMIT + ")");
        out.println("  resolve <key> [--scope S] [--token T] [--force] --release");
        out.println("                                 delete a dead owner's record: the next retry executes again");
        out.println("  resolve <key> [--scope S] [--token T] [--force] --complete --status N [--body-file F]");
        out.println("          [--header 'Name: value']...");
        out.println("                                 store a reconciled answer: retries replay it");
        out.println("  purge [--dry-run] [--batch-size N]   delete expired records now");
        out.println("  verify --url URL --sample ENDPOINT=@body.json [--path-param NAME=VALUE] [--header NAME=VALUE]");
        out.println("         [--content-type ENDPOINT=TYPE] [--count ENDPOINT=/get-path[,/pointer|length]]");
        out.println("         [--login-form /login --form NAME=VALUE ...] [--pid PID] [--concurrency N] [--junit FILE]");
        out.println("         [--dry-run] [--yes]");
        out.println("                                 run the contract against the live service (creates real resources);");
        out.println("                                 {{uuid}}, {{seq}}, {{now}} in a sample are filled per new operation");
        out.println();
        out.println("The store commands read the agent's config: --config <file>, else -D"
                + "idempotency.agent.config, else IDEMPOTENCY_AGENT_CONFIG.");
        out.println("On the file store (mvstore:) of a running service they work through that service, found by the");
        out.println("note <store file>.pid beside its file, over its local JMX connector.");
        out.println("resolve refuses a record whose owner still holds a live lease unless --force, and a record");
        out.println("whose fencing token is no longer --token (default: the token it reads first).");
        out.println("Exit status: 0 done, 1 failed or refused, 2 usage error.");
    }
}
