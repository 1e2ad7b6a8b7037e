package dev.idempotency.agent.javaagent.cli;

import java.io.File;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import net.bytebuddy.agent.ByteBuddyAgent;

/**
 * {@code attach <pid> --config <file>}: loads this jar into a running JVM, which then installs
 * the instrumentation and retransforms the servlet and filter classes it already loaded. Requests
 * executing at that moment finish as they started: advice only applies to calls that begin after.
 */
final class AttachCommand {

    private AttachCommand() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String pid = null;
        Path config = null;
        for (int i = 0; i < args.length; i++) {
            if ("--config".equals(args[i]) && i + 1 < args.length) {
                config = Path.of(args[++i]).toAbsolutePath();
            } else if (pid == null && args[i].matches("\\d+")) {
                pid = args[i];
            } else {
                throw new UsageException("attach: unexpected argument " + args[i]);
            }
        }
        if (pid == null || config == null) {
            throw new UsageException("attach: needs a process id and --config <file>");
        }
        if (!Files.isReadable(config)) {
            err.println("attach: cannot read config file " + config);
            return 1;
        }
        File agentJar = agentJar();
        try {
            ByteBuddyAgent.attach(agentJar, pid, "config=" + config);
        } catch (RuntimeException failure) {
            err.println("attach: could not attach to process " + pid + ": " + failure.getMessage()
                    + " (the target must be a HotSpot JVM of the same user, started without -XX:+DisableAttachMechanism)");
            return 1;
        }
        out.println("attached to process " + pid + " with " + config
                + "; its stderr shows the agent's start-up line");
        return 0;
    }

    private static File agentJar() {
        try {
            return new File(AttachCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
