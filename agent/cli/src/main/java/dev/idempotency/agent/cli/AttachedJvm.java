package dev.idempotency.agent.cli;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * A JVM attached to through the JDK's attach API ({@code com.sun.tools.attach}), reached by
 * reflection: the agent is compiled against Java 8, where that API is outside the platform (the
 * JDK's {@code lib/tools.jar}), and the launcher finds it there or in module {@code jdk.attach}.
 * Only its public, exported methods are called, so no JVM warns of it. A {@code java} without the
 * API (a Java 8 JRE) gets a {@link CommandFailed} that says which {@code java} to use instead.
 */
final class AttachedJvm implements AutoCloseable {

    private static final String VIRTUAL_MACHINE = "com.sun.tools.attach.VirtualMachine";
    private static final String DESCRIPTOR = "com.sun.tools.attach.VirtualMachineDescriptor";

    private final Object target;

    private AttachedJvm(Object target) {
        this.target = target;
    }

    /** Attaches to {@code pid}; an exception of the attach API (its message says why) when it cannot. */
    static AttachedJvm attach(String pid) throws Exception {
        return new AttachedJvm(call(null, method("attach", String.class), pid));
    }

    /** The ids of the JVMs the attach API lists (those that publish their performance data). */
    static List<String> listed() {
        try {
            List<String> ids = new ArrayList<>();
            Method id = api(DESCRIPTOR).getMethod("id");
            for (Object jvm : (List<?>) call(null, method("list"))) {
                ids.add((String) call(jvm, id));
            }
            return ids;
        } catch (CommandFailed noApi) {
            throw noApi;
        } catch (Exception unexpected) {
            throw new CommandFailed("cannot list the JVMs of this machine: " + unexpected);
        }
    }

    Properties systemProperties() throws Exception {
        return (Properties) call(target, method("getSystemProperties"));
    }

    void loadAgent(String jar, String options) throws Exception {
        call(target, method("loadAgent", String.class, String.class), jar, options);
    }

    /** The JMX address of the target's local management agent, started now if it was not. */
    String startLocalManagementAgent() throws Exception {
        return (String) call(target, method("startLocalManagementAgent"));
    }

    @Override
    public void close() throws Exception {
        call(target, method("detach"));
    }

    private static Method method(String name, Class<?>... parameters) throws NoSuchMethodException {
        return api(VIRTUAL_MACHINE).getMethod(name, parameters);
    }

    private static Class<?> api(String name) {
        try {
            return Class.forName(name, true, AttachedJvm.class.getClassLoader());
        } catch (ClassNotFoundException absent) {
            throw new CommandFailed("this java (" + System.getProperty("java.home") + ") has no attach API: "
                    + "it is a JRE without the JDK's lib/tools.jar; run the command with a JDK's java (8 or newer)");
        }
    }

    private static Object call(Object on, Method method, Object... arguments) throws Exception {
        try {
            return method.invoke(on, arguments);
        } catch (InvocationTargetException failed) {
            Throwable cause = failed.getCause();
            if (cause instanceof Exception) {
                throw (Exception) cause;
            }
            throw (Error) cause;
        }
    }
}
