package dev.idempotency.agent.management;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.Optional;

/**
 * Process ids, on Java 8 too: {@code ProcessHandle} came with Java 9 and is used by reflection
 * where it exists; Java 8 reads the runtime's name ({@code pid@host}, as every HotSpot JVM names
 * itself) and, to tell whether a process runs, {@code /proc}.
 */
public final class ThisProcess {

    private ThisProcess() {
    }

    /** This JVM's process id. */
    public static long pid() {
        String name = ManagementFactory.getRuntimeMXBean().getName();
        int at = name.indexOf('@');
        try {
            return Long.parseLong(at < 0 ? name : name.substring(0, at));
        } catch (NumberFormatException notHotSpot) {
            throw new IllegalStateException("cannot tell this JVM's process id from its name '" + name + "'");
        }
    }

    /** Whether process {@code pid} runs, as far as this JVM can tell. */
    public static boolean isAlive(long pid) {
        try {
            Class<?> handle = Class.forName("java.lang.ProcessHandle");
            Optional<?> process = (Optional<?>) handle.getMethod("of", long.class).invoke(null, pid);
            Method alive = handle.getMethod("isAlive");
            return process.isPresent() && (Boolean) alive.invoke(process.get());
        } catch (ClassNotFoundException java8) {
            return new File("/proc/" + pid).exists();
        } catch (ReflectiveOperationException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
