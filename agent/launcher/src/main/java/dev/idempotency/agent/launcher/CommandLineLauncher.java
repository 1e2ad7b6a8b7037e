package dev.idempotency.agent.launcher;

import java.lang.reflect.InvocationTargetException;

/** {@code Main-Class}: {@code java -jar idempotency-agent.jar <command>} runs the command line inside the agent's loader. */
public final class CommandLineLauncher {

    private static final String COMMAND_LINE = "dev.idempotency.agent.cli.Cli";

    private CommandLineLauncher() {
    }

    public static void main(String[] args) throws Throwable {
        String tooOld = JavaVersion.refusal("run the command with a newer java");
        if (tooOld != null) {
            System.err.println(tooOld);
            System.exit(2);
        }
        try {
            Class.forName(COMMAND_LINE, true, AgentJar.loader()).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException failed) {
            throw failed.getCause();
        }
    }
}
