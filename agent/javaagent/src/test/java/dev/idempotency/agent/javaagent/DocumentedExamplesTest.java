package dev.idempotency.agent.javaagent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.ConfigException;
import dev.idempotency.agent.config.ConfigLoader;
import dev.idempotency.agent.core.route.RouteTable;
import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreProviders;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every example docs/configuration.md gives, walked from the file through the config into the core
 * and, for the store's fields, into a started store: a value the docs show is a value the agent
 * runs with. The documented schema-qualified table runs on all three databases.
 */
class DocumentedExamplesTest {

    private static final Path DOC = Path.of("..", "..", "docs", "configuration.md");
    /** The machine's Redis, as the documented store.url example names it. */
    private static final String REDIS_URL = "redis://127.0.0.1:6379/0";
    private static final Pattern FIELD = Pattern.compile("(?m)^### `([^`]+)`$");
    private static final Pattern EXAMPLE_LINE = Pattern.compile("Examples?: (.*?)(?:\\n\\n|$)", Pattern.DOTALL);
    private static final Pattern QUOTED = Pattern.compile("`([^`]+)`");

    @TempDir
    Path dir;

    @Test
    void everyDocumentedExampleLoadsReachesTheCoreAndStartsTheStore() throws Exception {
        Map<String, List<String>> examples = examples();
        assertThat(examples).as("fields with examples in " + DOC).hasSizeGreaterThan(50);
        List<String> refused = new ArrayList<>();
        for (Map.Entry<String, List<String>> field : examples.entrySet()) {
            for (String example : field.getValue()) {
                String yaml = configWith(field.getKey(), example);
                try {
                    AgentConfig config = load(yaml);
                    new RouteTable(RunningAgent.policies(config));
                    if (field.getKey().startsWith("store.redis.")) {
                        refusedWithoutReplicas(config.store());
                    } else if (field.getKey().startsWith("store.")) {
                        roundTrip(config.store());
                    }
                } catch (ConfigException | RuntimeException e) {
                    refused.add(field.getKey() + " = " + example + ": " + e.getMessage());
                }
            }
        }
        assertThat(refused).as("documented examples the agent refuses").isEmpty();
    }

    /** {@code yaml} loaded as the agent loads its file. */
    private AgentConfig load(String yaml) throws Exception {
        Path file = dir.resolve("agent.yaml");
        Files.writeString(file, yaml);
        return ConfigLoader.load(file, name -> null);
    }

    @Test
    void theDocumentedSchemaQualifiedTableServesOnEveryDatabase() throws Exception {
        String table = examples().get("store.table").get(0).substring("table: ".length());
        assertThat(table).contains(".");
        String schema = table.substring(0, table.indexOf('.'));
        String h2 = "jdbc:h2:file:" + dir.resolve("h2-store").toAbsolutePath() + ";INIT=CREATE SCHEMA IF NOT EXISTS "
                + schema;
        Map<String, String[]> databases = new LinkedHashMap<>();
        databases.put("h2", new String[] {h2, "sa", null});
        databases.put("postgresql", new String[] {property("postgres.url", "jdbc:postgresql://127.0.0.1:5432/test"),
                property("postgres.user", "postgres"), "CREATE SCHEMA IF NOT EXISTS " + schema});
        databases.put("mariadb", new String[] {property("mariadb.url", "jdbc:mariadb://127.0.0.1:3306/test"),
                property("mariadb.user", "root"), "CREATE DATABASE IF NOT EXISTS " + schema});
        for (Map.Entry<String, String[]> database : databases.entrySet()) {
            String[] at = database.getValue();
            if (at[2] != null) {
                execute(at[0], at[1], at[2]);
            }
            AgentConfig config = load("store:\n  url: \"" + at[0] + "\"\n  user: " + at[1]
                    + "\n  password: \"\"\n  table: " + table + "\n" + endpoint(Map.of()));
            try {
                roundTrip(config.store());
            } finally {
                if (at[2] != null) {
                    execute(at[0], at[1], "DROP TABLE IF EXISTS " + table, "DROP TABLE IF EXISTS " + table + "_meta");
                }
            }
        }
    }

    /** Claims a fresh key, completes it and reads the completed record back. */
    private static void roundTrip(StoreSettings settings) {
        String key = "doc-" + UUID.randomUUID();
        try (IdempotencyStore store = StoreProviders.forUrl(settings.url()).open(settings)) {
            long token = store.claim(new ClaimRequest("scope", key, "create-order", "fp", "owner", "req-1",
                    Duration.ofSeconds(30), Duration.ofHours(1))).record().fencingToken();
            assertThat(store.complete("scope", key, token, new StoredResponse(201, Map.of(),
                    "{}".getBytes(StandardCharsets.UTF_8), true), Duration.ofHours(1))).isTrue();
            assertThat(store.find("scope", key)).get().extracting(record -> record.state())
                    .as(settings.describe()).isEqualTo(RecordState.COMPLETED);
        }
    }

    /**
     * The machine's Redis has no replica: a store told to wait for one warns at start and refuses a
     * new claim as an outage, as docs/operations.md, "Redis", says.
     */
    private static void refusedWithoutReplicas(StoreSettings settings) {
        assertThat(settings.waitReplicas()).isPositive();
        try (IdempotencyStore store = StoreProviders.forUrl(settings.url()).open(settings)) {
            assertThat(store.warnings()).anySatisfy(warning -> assertThat(warning).contains("store.redis.wait-replicas"));
            assertThatThrownBy(() -> store.claim(new ClaimRequest("scope", "doc-" + UUID.randomUUID(), "create-order",
                    "fp", "owner", "req-1", Duration.ofSeconds(30), Duration.ofHours(1))))
                    .isInstanceOf(StoreUnavailableException.class).hasMessageContaining("store.redis.wait-replicas");
        }
    }

    /** Each field path with the examples its section gives, in the doc's order. */
    private static Map<String, List<String>> examples() throws Exception {
        String doc = Files.readString(DOC);
        Map<String, List<String>> examples = new LinkedHashMap<>();
        Matcher field = FIELD.matcher(doc);
        List<int[]> sections = new ArrayList<>();
        List<String> names = new ArrayList<>();
        while (field.find()) {
            names.add(field.group(1));
            sections.add(new int[] {field.end(), doc.length()});
        }
        for (int i = 0; i + 1 < sections.size(); i++) {
            sections.get(i)[1] = sections.get(i + 1)[0];
        }
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            String key = name.substring(name.lastIndexOf('.') + 1) + ":";
            Matcher line = EXAMPLE_LINE.matcher(doc.substring(sections.get(i)[0], sections.get(i)[1]));
            if (!line.find()) {
                continue;
            }
            Matcher quoted = QUOTED.matcher(line.group(1));
            while (quoted.find()) {
                if (quoted.group(1).startsWith(key)) {
                    examples.computeIfAbsent(name, any -> new ArrayList<>()).add(quoted.group(1));
                }
            }
        }
        return examples;
    }

    /**
     * A config holding {@code example} at {@code path}, on an H2 store in a fresh directory; the
     * documented server URL gets the documented user, as a real config would.
     */
    private String configWith(String path, String example) {
        Map<String, String> endpointFields = new LinkedHashMap<>();
        StringBuilder yaml = new StringBuilder();
        if (path.startsWith("endpoints[].")) {
            endpointFields.put(path.substring("endpoints[].".length()), example.substring(example.indexOf(':') + 1).trim());
        } else if (path.startsWith("store.redis.")) {
            yaml.append("store:\n  url: ").append(REDIS_URL).append("\n  redis:\n    ").append(example).append('\n');
        } else if (path.startsWith("store.")) {
            yaml.append("store:\n");
            if (!path.equals("store.url")) {
                yaml.append("  url: jdbc:h2:file:").append(dir.resolve(UUID.randomUUID().toString()).toAbsolutePath())
                        .append('\n');
            } else {
                yaml.append("  user: postgres\n");
            }
            yaml.append("  ").append(example).append('\n');
        } else {
            String[] parts = path.split("\\.");
            for (int depth = 0; depth < parts.length - 1; depth++) {
                yaml.append("  ".repeat(depth)).append(parts[depth]).append(":\n");
            }
            yaml.append("  ".repeat(parts.length - 1)).append(example).append('\n');
        }
        if (path.equals("logging.sink") && example.endsWith("file")) {
            // a file sink needs its file: the one the docs show under logging.file
            yaml.append("  file: ").append(dir.resolve("attempts.jsonl")).append('\n');
        }
        if (path.endsWith("propagate-key")) {
            // keys sent downstream need the service's name, as the docs say beside the example
            yaml.insert(0, "service-name: orders\n");
        }
        if (path.equals("store.table")) {
            // the documented table is schema-qualified, and a schema must exist before the agent starts
            yaml.setLength(0);
            String url = "jdbc:h2:file:" + dir.resolve(UUID.randomUUID().toString()).toAbsolutePath()
                    + ";INIT=CREATE SCHEMA IF NOT EXISTS " + example.substring("table: ".length()).split("\\.")[0];
            yaml.append("store:\n  url: \"").append(url).append("\"\n  ").append(example).append('\n');
        }
        return yaml + endpoint(endpointFields);
    }

    private static String endpoint(Map<String, String> overrides) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("name", "create-order");
        fields.put("method", "POST");
        fields.put("path", "/orders");
        fields.putAll(overrides);
        StringBuilder yaml = new StringBuilder("endpoints:\n");
        String dash = "  - ";
        for (Map.Entry<String, String> field : fields.entrySet()) {
            yaml.append(dash).append(field.getKey()).append(": ").append(field.getValue()).append('\n');
            dash = "    ";
        }
        return yaml.toString();
    }

    private static String property(String name, String fallback) {
        return System.getProperty("idempotency.test." + name, fallback);
    }

    /** Through the driver itself: the store withdraws the drivers it loads from DriverManager. */
    private static void execute(String url, String user, String... statements) throws SQLException {
        Properties credentials = new Properties();
        credentials.setProperty("user", user);
        credentials.setProperty("password", "");
        Driver driver = ServiceLoader.load(Driver.class).stream().map(ServiceLoader.Provider::get)
                .filter(candidate -> accepts(candidate, url)).findFirst().orElseThrow();
        try (Connection connection = driver.connect(url, credentials);
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }

    private static boolean accepts(Driver driver, String url) {
        try {
            return driver.acceptsURL(url);
        } catch (SQLException e) {
            return false;
        }
    }
}
