package dev.idempotency.it.agent;

/** A plain program that stays up for the seconds given, with no servlet or JAX-RS: nothing to instrument. */
public final class IdleProgram {

    private IdleProgram() {
    }

    public static void main(String[] args) throws InterruptedException {
        Thread.sleep(Long.parseLong(args[0]) * 1000);
        System.out.println("idle program done");
    }
}
