package dev.idempotency.it.agent;

/** A plain program with no servlet or JAX-RS in sight: the agent must leave it alone. */
public final class HelloProgram {

    private HelloProgram() {
    }

    public static void main(String[] args) {
        System.out.println("hello from a plain program on java " + Runtime.version().feature());
    }
}
