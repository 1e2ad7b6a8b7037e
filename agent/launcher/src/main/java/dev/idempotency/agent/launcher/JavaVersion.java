package dev.idempotency.agent.launcher;

/**
 * The running JVM's feature version, read before anything else of the agent is loaded: this class,
 * like every class of the launcher, is compiled for the oldest class file the build can emit
 * (Java 7), so an older JVM still runs it and is told why the agent does nothing, instead of
 * failing to start with an {@code UnsupportedClassVersionError}.
 */
final class JavaVersion {

    /** The oldest Java the agent runs on. */
    static final int OLDEST = 8;
    /** The newest Java the agent is tested on; newer ones are let through. */
    static final int NEWEST_TESTED = 25;

    private JavaVersion() {
    }

    /**
     * The feature version of a {@code java.specification.version} ("1.7" is 7, "11" is 11), or
     * {@code -1} when it cannot be read.
     */
    static int feature(String specificationVersion) {
        if (specificationVersion == null) {
            return -1;
        }
        String version = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
        int dot = version.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? version : version.substring(0, dot));
        } catch (NumberFormatException unreadable) {
            return -1;
        }
    }

    /**
     * {@code null} when the agent can run on this Java; else the one line saying why it does not,
     * for {@code consequence} ("the service runs UNPROTECTED").
     */
    static String refusal(String specificationVersion, String consequence) {
        int feature = feature(specificationVersion);
        if (feature >= OLDEST) {
            return null;
        }
        return "idempotency-agent: Java " + specificationVersion + " is older than the agent supports ("
                + OLDEST + " to " + NEWEST_TESTED + "); " + consequence;
    }

    static String refusal(String consequence) {
        return refusal(System.getProperty("java.specification.version"), consequence);
    }
}
