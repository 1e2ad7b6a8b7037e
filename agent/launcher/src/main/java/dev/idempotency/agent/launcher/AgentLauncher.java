package dev.idempotency.agent.launcher;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.InvocationTargetException;

/**
 * {@code Premain-Class} and {@code Agent-Class}: hands the JVM's call to the agent inside its own
 * class loader. Nothing may escape from here: an agent that throws in premain takes the service down.
 * A JVM older than the agent supports gets one line saying so, and the service starts unprotected.
 */
public final class AgentLauncher {

    private static final String AGENT = "dev.idempotency.agent.javaagent.IdempotencyAgent";

    private AgentLauncher() {
    }

    public static void premain(String args, Instrumentation instrumentation) {
        launch("premain", args, instrumentation);
    }

    public static void agentmain(String args, Instrumentation instrumentation) {
        launch("agentmain", args, instrumentation);
    }

    private static void launch(String entryPoint, String args, Instrumentation instrumentation) {
        String tooOld = JavaVersion.refusal("the service runs UNPROTECTED");
        if (tooOld != null) {
            System.err.println(tooOld);
            return;
        }
        Thread thread = Thread.currentThread();
        ClassLoader caller = thread.getContextClassLoader();
        try {
            ClassLoader agent = AgentJar.loader();
            // Threads the agent starts now inherit its loader, never one of the application's.
            thread.setContextClassLoader(agent);
            Class.forName(AGENT, true, agent)
                    .getMethod(entryPoint, String.class, Instrumentation.class)
                    .invoke(null, args, instrumentation);
        } catch (InvocationTargetException failed) {
            unprotected(failed.getCause());
        } catch (Throwable failed) {
            unprotected(failed);
        } finally {
            thread.setContextClassLoader(caller);
        }
    }

    private static void unprotected(Throwable cause) {
        System.err.println("idempotency-agent ERROR: failed to start; the service runs UNPROTECTED: " + cause);
        cause.printStackTrace();
    }
}
