package dev.idempotency.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code instrumentation.disabled}: every group on by default; an unknown group name never passes. */
class InstrumentationConfigTest {

    private static final String ORDERS = "endpoints:\n  - method: POST\n    path: /orders\n";

    @TempDir
    Path dir;

    private ConfigFiles files;

    @BeforeEach
    void setUp() {
        files = new ConfigFiles(dir, Map.of());
    }

    @Test
    void everyGroupIsOnByDefault() throws Exception {
        InstrumentationConfig instrumentation = files.load("agent.yaml", ORDERS).instrumentation();

        assertThat(instrumentation.disabled()).isEmpty();
    }

    @Test
    void listedGroupsAreDisabledEachOnce() throws Exception {
        InstrumentationConfig instrumentation = files.load("agent.yaml",
                "instrumentation:\n  disabled: [jersey-javax, servlet-jakarta, jersey-javax]\n" + ORDERS).instrumentation();

        assertThat(instrumentation.disabled()).containsExactly("jersey-javax", "servlet-jakarta");
    }

    @Test
    void aSingleGroupCountsAsAListOfOne() throws Exception {
        assertThat(files.load("agent.json", """
                {"instrumentation": {"disabled": "resteasy-jakarta"},
                 "endpoints": [{"method": "POST", "path": "/orders"}]}
                """).instrumentation().disabled()).containsExactly("resteasy-jakarta");
    }

    @Test
    void aMistypedGroupSuggestsTheClosestAndNamesEveryGroup() {
        assertThat(files.problems("agent.yaml", "instrumentation:\n  disabled: [servlet-javax, jersey-javx]\n" + ORDERS))
                .containsExactly(files.line("agent.yaml", "instrumentation.disabled[1]: \"jersey-javx\" is not an "
                        + "instrumentation group; did you mean \"jersey-javax\"? The groups are: "
                        + "cxf-javax, cxfrs-javax, jersey-jakarta, jersey-javax, resteasy-jakarta, resteasy3-javax, resteasy4-javax, "
                        + "servlet-jakarta, servlet-javax, apache-httpclient4, apache-httpclient5, http-url-connection, "
                        + "jdk-hand-offs, jdk-http-client, okhttp3, spring-rest-clients, spring-webclient"));
    }

    @Test
    void anUnknownGroupListsTheGroups() {
        assertThat(files.problems("agent.yaml", "instrumentation:\n  disabled: spring-mvc\n" + ORDERS))
                .containsExactly(files.line("agent.yaml", "instrumentation.disabled: \"spring-mvc\" is not an "
                        + "instrumentation group; use one of: "
                        + "cxf-javax, cxfrs-javax, jersey-jakarta, jersey-javax, resteasy-jakarta, resteasy3-javax, resteasy4-javax, "
                        + "servlet-jakarta, servlet-javax, apache-httpclient4, apache-httpclient5, http-url-connection, "
                        + "jdk-hand-offs, jdk-http-client, okhttp3, spring-rest-clients, spring-webclient"));
    }

    @Test
    void aMistypedFieldOfTheSectionIsAnUnknownField() {
        assertThat(files.problems("agent.yaml", "instrumentation:\n  disable: [jersey-javax]\n" + ORDERS))
                .containsExactly(files.line("agent.yaml",
                        "instrumentation.disable: unknown field; did you mean \"disabled\"?"));
    }
}
