package dev.idempotency.agent.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The launcher's first step: a JVM older than Java 8 is told in one line that the service runs unprotected. */
class JavaVersionTest {

    @Test
    void readsTheFeatureVersionOfOldAndNewSpecificationVersions() {
        assertThat(JavaVersion.feature("1.6")).isEqualTo(6);
        assertThat(JavaVersion.feature("1.7")).isEqualTo(7);
        assertThat(JavaVersion.feature("1.8")).isEqualTo(8);
        assertThat(JavaVersion.feature("11")).isEqualTo(11);
        assertThat(JavaVersion.feature("25")).isEqualTo(25);
        assertThat(JavaVersion.feature(null)).isEqualTo(-1);
        assertThat(JavaVersion.feature("ancient")).isEqualTo(-1);
    }

    @Test
    void java7And6AreRefusedInOneLineThatSaysTheServiceRunsUnprotected() {
        assertThat(JavaVersion.refusal("1.7", "the service runs UNPROTECTED")).isEqualTo(
                "idempotency-agent: Java 1.7 is older than the agent supports (8 to 25); the service runs UNPROTECTED");
        assertThat(JavaVersion.refusal("1.6", "the service runs UNPROTECTED")).startsWith("idempotency-agent: Java 1.6 is older");
    }

    @Test
    void java8AndNewerRunTheAgent() {
        for (String version : new String[] {"1.8", "11", "17", "21", "25", "26"}) {
            assertThat(JavaVersion.refusal(version, "the service runs UNPROTECTED")).as(version).isNull();
        }
    }

    @Test
    void anUnreadableVersionIsRefusedRatherThanRiskingTheHostsStart() {
        assertThat(JavaVersion.refusal("ancient", "the service runs UNPROTECTED")).contains("older than the agent supports");
    }
}
