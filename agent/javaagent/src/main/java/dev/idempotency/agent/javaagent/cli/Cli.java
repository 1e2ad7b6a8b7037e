package dev.idempotency.agent.javaagent.cli;

/** {@code java -jar idempotency-agent.jar <command>}. */
public final class Cli {

    private Cli() {
    }

    public static void main(String[] args) {
    }
}
