package dev.idempotency.agent.cli;

import dev.idempotency.agent.config.ConfigException;
import dev.idempotency.agent.config.ConfigLoader;
import dev.idempotency.agent.management.AgentProperties;
import java.io.File;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * {@code attach <pid> --config <file>}: loads this jar into a running JVM, which then installs
 * the instrumentation and retransforms the servlet and filter classes it already loaded. Requests
 * executing at that moment finish as they started: advice only applies to calls that begin after.
 * The config is checked here first, and the target is asked whether the agent already runs in it
 * (its {@link AgentProperties#RUNNING_PROPERTY}) before and after loading, so the command's exit
 * status says what happened in the target: 0 only when the agent runs there now.
 */
final class AttachCommand {

    private AttachCommand() {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        String pid = null;
        Path config = null;
        for (int i = 0; i < args.length; i++) {
            if ("--config".equals(args[i]) && i + 1 < args.length) {
                config = Paths.get(args[++i]).toAbsolutePath();
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
        try {
            ConfigLoader.load(config);
        } catch (ConfigException invalid) {
            err.println("attach: the config has errors; nothing was attached:\n" + invalid.getMessage());
            return 1;
        }
        String refusal = JvmProcess.refusal(pid);
        if (refusal != null) {
            err.println("attach: " + refusal);
            return 1;
        }
        AttachedJvm target;
        try {
            target = AttachedJvm.attach(pid);
        } catch (CommandFailed noAttachApi) {
            err.println("attach: " + noAttachApi.getMessage());
            return 1;
        } catch (Exception failure) {
            err.println("attach: could not attach to process " + pid + ": " + failure.getMessage()
                    + " (the target must be a HotSpot JVM of the same user, started without -XX:+DisableAttachMechanism)");
            return 1;
        }
        try {
            String running = target.systemProperties().getProperty(AgentProperties.RUNNING_PROPERTY);
            if (running != null) {
                err.println("attach: the agent already runs in process " + pid + " (" + running + "); nothing was "
                        + "attached. A JVM takes the agent once: restart the service to change its config.");
                return 1;
            }
            Exception loadFailure = null;
            try {
                target.loadAgent(agentJar().getPath(), "config=" + config);
            } catch (Exception failed) {
                // A Java 9+ attach client misreads a Java 8 JVM's success ("AgentLoadException: 0"):
                // whether the agent runs is asked of the target itself.
                loadFailure = failed;
            }
            if (target.systemProperties().getProperty(AgentProperties.RUNNING_PROPERTY) == null) {
                if (loadFailure != null) {
                    throw loadFailure;
                }
                err.println("attach: the agent did not start in process " + pid + "; the service runs as before, "
                        + "unprotected. Its stderr says why.");
                return 1;
            }
        } catch (Exception failure) {
            err.println("attach: loading the agent into process " + pid + " failed: " + failure);
            return 1;
        } finally {
            detach(target);
        }
        out.println("attached to process " + pid + " with " + config
                + "; its stderr shows the agent's start-up line");
        return 0;
    }

    private static void detach(AttachedJvm target) {
        try {
            target.close();
        } catch (Exception ignored) {
            // The target went away; nothing is left to release.
        }
    }

    private static File agentJar() {
        try {
            return new File(AttachCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
