package dev.idempotency.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import dev.idempotency.agent.vocabulary.SupportedRange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md documents every field the loader knows, and the docs state each
 * instrumentation group's range as its {@link GroupDescription} writes it (the groups of the agent
 * jar, found as the agent finds them), so the two cannot drift apart.
 */
class DocumentationTest {

    private static final Path DOC = Path.of("..", "docs", "configuration.md");
    private static final Path README = Path.of("..", "README.md");
    private static final Path JAXRS = Path.of("..", "docs", "jaxrs.md");

    @Test
    void everyFieldPathIsDocumented() throws Exception {
        String doc = Files.readString(DOC);
        List<String> undocumented = new ArrayList<>();
        for (String path : allPaths()) {
            // Each field has its own reference heading, e.g. "### `defaults.fingerprint.mode`".
            if (!doc.contains("### `" + path + "`")) {
                undocumented.add(path);
            }
        }
        assertThat(undocumented).as("fields missing from " + DOC).isEmpty();
    }

    @Test
    void everyAgentArgumentIsDocumented() throws Exception {
        String doc = Files.readString(DOC);
        for (String key : ConfigLocation.AGENT_ARGUMENT_KEYS) {
            assertThat(doc).contains("`" + key + "=");
        }
        assertThat(doc).contains(ConfigLocation.SYSTEM_PROPERTY, ConfigLocation.ENVIRONMENT_VARIABLE);
    }

    @Test
    void everyGroupsRowSaysTheRangeItSupports() throws Exception {
        List<String> rows = Files.readAllLines(DOC);
        for (GroupDescription group : InstrumentationGroups.all()) {
            String range = group.hasRange() ? " " + group.range().text() + " |" : "";
            assertThat(rows).as("the row of " + group + " in " + DOC)
                    .anyMatch(row -> row.startsWith("| `" + group.name() + "` |" + range));
        }
    }

    @Test
    void theReadmeAndTheJaxrsPageSayTheRangesOfTheEntryPoints() throws Exception {
        String readme = Files.readString(README).replaceAll("\\s+", " ");
        String jaxrs = Files.readString(JAXRS);
        assertThat(InstrumentationGroups.entryPoints()).hasSizeGreaterThan(8);
        for (GroupDescription group : InstrumentationGroups.entryPoints()) {
            SupportedRange range = group.range();
            assertThat(readme).as(README.toString()).contains(range.versions());
            if (range.text().contains("ws.rs")) {
                assertThat(jaxrs).as(JAXRS + "'s table of runtimes").contains("| " + range.versions() + " |");
            }
        }
    }

    @Test
    void fieldPathsAreUniqueAndReachEverySection() {
        assertThat(allPaths()).doesNotHaveDuplicates().contains(
                "service-name", "store.url", "logging.body.max-size", "defaults.statuses.outcome-unknown",
                "defaults.deadline.format", "endpoints[].resource-method");
    }

    /**
     * Every field path a config may contain, from the binders' lists in {@link ConfigFields}, e.g.
     * {@code store.url}, {@code defaults.fingerprint.mode}, {@code endpoints[].name}. Endpoint
     * settings are listed once, under {@code defaults}.
     */
    private static List<String> allPaths() {
        List<String> paths = new ArrayList<>();
        addLeaves(paths, "", ConfigFields.ROOT, "store", "keeper", "logging", "metrics", "defaults", "endpoints",
                "instrumentation");
        addLeaves(paths, "store.", ConfigFields.STORE, "redis");
        addLeaves(paths, "store.redis.", ConfigFields.STORE_REDIS);
        addLeaves(paths, "keeper.", ConfigFields.KEEPER);
        addLeaves(paths, "logging.", ConfigFields.LOGGING, "body");
        addLeaves(paths, "logging.body.", ConfigFields.BODY);
        addLeaves(paths, "metrics.prometheus.", ConfigFields.PROMETHEUS);
        addLeaves(paths, "defaults.", ConfigFields.SETTINGS, "fingerprint", "statuses", "deadline");
        addLeaves(paths, "defaults.fingerprint.", ConfigFields.FINGERPRINT);
        addLeaves(paths, "defaults.statuses.", ConfigFields.STATUSES);
        addLeaves(paths, "defaults.deadline.", ConfigFields.DEADLINE);
        addLeaves(paths, "endpoints[].", ConfigFields.ENDPOINT_OWN);
        addLeaves(paths, "instrumentation.", ConfigFields.INSTRUMENTATION);
        return paths;
    }

    private static void addLeaves(List<String> paths, String prefix, List<String> fields, String... sections) {
        List<String> sectionNames = List.of(sections);
        for (String field : fields) {
            if (!sectionNames.contains(field)) {
                paths.add(prefix + field);
            }
        }
    }
}
