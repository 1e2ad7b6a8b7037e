package dev.idempotency.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/configuration.md documents every field the loader knows, so the two cannot drift apart. */
class DocumentationTest {

    private static final Path DOC = Path.of("..", "docs", "configuration.md");

    @Test
    void everyFieldPathIsDocumented() throws Exception {
        String doc = Files.readString(DOC);
        List<String> undocumented = new ArrayList<>();
        for (String path : ConfigFields.allPaths()) {
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
    void fieldPathsAreUniqueAndReachEverySection() {
        assertThat(ConfigFields.allPaths()).doesNotHaveDuplicates().contains(
                "service-name", "store.url", "logging.body.max-size", "defaults.statuses.outcome-unknown",
                "defaults.deadline.format", "endpoints[].resource-method");
    }
}
