package dev.idempotency.agent.store.jdbc;

import java.lang.management.ManagementFactory;
import java.util.Locale;

/** What the volume benchmark's phases print as they go, and the machine's load beside their numbers. */
final class VolumeConsole {

    private VolumeConsole() {
    }

    static void say(String format, Object... arguments) {
        System.out.printf(Locale.ROOT, "[volume] " + format + "%n", arguments);
    }

    /** The machine's load average over the last minute: the phases' numbers depend on it on a shared machine. */
    static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
