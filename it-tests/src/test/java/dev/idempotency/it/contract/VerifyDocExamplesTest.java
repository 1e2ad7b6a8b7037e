package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.Artifacts;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code verify} command docs/verify.md gives against the demo, run as written: the javax
 * demo started with the example config the command names (as the page starts it), the page's
 * {@code order.json} and seed order made first, {@code localhost:8080} read as the demo's address.
 * Each passes every check it runs (exit 0), with the summary the page shows where it shows one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class VerifyDocExamplesTest {

    private static final String PAGE = "docs/verify.md";
    private static final String COMMAND = "$ java -jar agent/target/idempotency-agent.jar verify ";
    private static final String DOC_URL = "http://localhost:8080";
    private static final Pattern ECHO = Pattern.compile("(?m)^\\$ echo '([^']*)' > order\\.json$");
    private static final Pattern SUMMARY = Pattern.compile("^\\d+ passed, \\d+ failed, \\d+ skipped$");

    private final Map<String, DemoApp> demoByConfig = new LinkedHashMap<>();
    private Path workDir;
    private String page;

    @BeforeAll
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void startTheDemos(@TempDir Path dir) throws IOException {
        workDir = dir;
        page = Files.readString(Artifacts.repoFile(PAGE));
        Matcher echo = ECHO.matcher(page);
        assertThat(echo.find()).as("the page writes order.json").isTrue();
        Files.writeString(workDir.resolve("order.json"), echo.group(1) + "\n");
        for (Example example : examples()) {
            demoByConfig.computeIfAbsent(example.config(), config -> start(config));
        }
        // The page seeds an order first, so that --path-param id=1 names one.
        DemoApp orders = demoByConfig.get("agent-config/examples/demo.yaml");
        if (orders != null) {
            Http.Response seeded = Http.to(orders.baseUri()).postJson("/orders",
                    Files.readString(workDir.resolve("order.json")), "Idempotency-Key", "seed");
            assertThat(seeded.body()).isEqualTo("{\"id\":1,\"state\":\"created\"}");
        }
    }

    private DemoApp start(String config) {
        try {
            Path demoDir = Files.createDirectories(workDir.resolve("demo-" + demoByConfig.size()));
            return DemoApp.servletJavax().workDir(demoDir).agentConfig(Artifacts.repoFile(config)).start();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @AfterAll
    void stopTheDemos() {
        demoByConfig.values().forEach(DemoApp::close);
    }

    @TestFactory
    Stream<DynamicTest> everyVerifyCommandOfThePageRunsAsWritten() {
        List<Example> examples = examples();
        assertThat(examples).as("verify commands against the demo in " + PAGE).hasSizeGreaterThanOrEqualTo(3);
        return examples.stream().map(example -> DynamicTest.dynamicTest(String.join(" ", example.args()), () -> {
            DemoApp demo = demoByConfig.get(example.config());
            List<String> args = new ArrayList<>();
            for (String word : example.args()) {
                args.add(word.startsWith("agent-config/") ? Artifacts.repoFile(word).toString()
                        : word.replace(DOC_URL, demo.baseUri().toString()));
            }
            AgentCli.Result verified = new AgentCli(workDir, null).runWithoutConfig(args.toArray(String[]::new));

            assertThat(verified.exitCode()).as(verified.toString()).isZero();
            assertThat(verified.stdout().lines().filter(line -> line.endsWith(" failed"))).as(verified.toString()).isEmpty();
            if (example.summary() != null) {
                assertThat(verified.stdout()).as(verified.toString()).contains(example.summary());
            }
        }));
    }

    /** A command of the page, its words as a shell splits them, and the summary line the page shows after it, if any. */
    private record Example(List<String> args, String config, String summary) {
    }

    private List<Example> examples() {
        List<Example> examples = new ArrayList<>();
        List<String> lines = page.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith(COMMAND)) {
                continue;
            }
            StringBuilder command = new StringBuilder(lines.get(i).substring(2));
            while (command.toString().endsWith("\\")) {
                command.setLength(command.length() - 1);
                command.append(' ').append(lines.get(++i).trim());
            }
            String summary = null;
            for (int j = i + 1; j < lines.size() && !lines.get(j).startsWith("$") && !lines.get(j).startsWith("```"); j++) {
                if (SUMMARY.matcher(lines.get(j)).matches()) {
                    summary = lines.get(j);
                }
            }
            List<String> words = words(command.toString());
            List<String> args = words.subList(3, words.size());
            examples.add(new Example(args, args.get(args.indexOf("--config") + 1), summary));
        }
        return examples;
    }

    /** The words of a command line as a POSIX shell splits them: blanks outside quotes, '...' and "..." kept whole. */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (char c : line.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }
}
