package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store that keeps failing (the embedded store's disk is full; H2 opens its file again after a
 * failed write, and a write that fits in the file's own free space then succeeds, so some requests
 * are served meanwhile) does not flood the service's stderr: each cause is said once, in at most
 * {@value #MAX_LINES_PER_CAUSE} lines an operator reads (the failure, one line per cause in its
 * chain, the fix; no stack trace, which is a store's and not the agent's), and what follows is a
 * count of the refused requests at most once per interval (shortened here by the test-only system
 * property), however many requests fail and however their messages vary. A cause is the step that
 * failed and the chain of exception types: no cause is said twice, and a cause said first in the
 * second round (H2 fails a write, closes the file, opens it again, so its chains vary) is its first
 * saying, not a repeat. The pool's warning per broken connection stays out; the keeper's lines come
 * at most twice per purge interval (the count of keys a failed write left in progress, and a purge
 * that fails again while H2 reopens the file).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class StoreFailureStderrTest {

    private static final Duration REPEAT_INTERVAL = Duration.ofSeconds(1);
    /** Requests per round, each with its own key and body, spread over several repeat intervals. */
    private static final int REQUESTS = 40;
    private static final Duration SPACING = Duration.ofMillis(100);
    /** The lines one cause may take: the failure and its chain of causes, each one line. */
    private static final int MAX_LINES_PER_CAUSE = 10;
    private static final Pattern REPEAT_LINE = Pattern.compile(
            "store still failing: \\d+ requests answered 503 since \\d{4}-\\d\\d-\\d\\dT\\S+Z$");
    private static final Pattern CAUSE_LINE = Pattern.compile(": ERROR: (.*) \\(reported once per cause\\): ([\\w.$]+)");
    private static final Pattern CAUSED_BY_LINE = Pattern.compile(":   caused by ([\\w.$]+)");
    private static final Duration PURGE_INTERVAL = Duration.ofSeconds(2);

    @TempDir
    Path workDir;

    @Test
    void aStoreThatKeepsFailingSaysEachCauseOnceAndThenCountsTheRefusals() throws Exception {
        try (SmallVolume volume = SmallVolume.mount(workDir.resolve("store-volume"))) {
            Path config = new OpsConfig().store("jdbc:h2:file:" + volume.dir().resolve("agent"), null, null)
                    .purgeInterval(PURGE_INTERVAL.getSeconds() + "s").writeTo(workDir);
            try (DemoApp demo = DemoApp.servletJavax().workDir(workDir).agentConfig(config)
                    .jvmArg("-Didempotency.agent.store-failure-digest-interval-ms=" + REPEAT_INTERVAL.toMillis())
                    .start()) {
                assertThat(Orders.create(demo.baseUri(), "before-full", "", Http.DEFAULT_TIMEOUT).status()).isEqualTo(201);
                int linesBefore = demo.stderr().size();

                SmallVolume.fill(volume.dir().resolve("filler"));
                AtomicInteger keys = new AtomicInteger();
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> Orders.create(
                        demo.baseUri(), "while-full-" + keys.incrementAndGet(), "", Http.DEFAULT_TIMEOUT).status() == 503);
                refuseAll(demo, keys);
                int linesAfterFirstRound = demo.stderr().size();
                long secondRoundStart = System.nanoTime();
                refuseAll(demo, keys);
                long secondRoundMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - secondRoundStart);
                List<String> lines = demo.stderr();
                List<String> outage = lines.subList(linesBefore, lines.size());
                List<String> secondRound = lines.subList(linesAfterFirstRound, lines.size());
                String shown = String.join("\n", outage);

                long causes = outage.stream().filter(line -> line.contains(": ERROR: ")).count();
                assertThat(causes).as("each cause said once, not per request:%n%s", shown).isBetween(1L, 3L);
                assertThat(outage).filteredOn(line -> line.contains(": ERROR: ")).as("with the fix")
                        .allMatch(line -> line.contains("check that the store is reachable, has disk space"));
                assertThat(outage).as("no stack trace:%n%s", shown).noneMatch(line -> line.startsWith("\tat "));
                assertThat(outage).filteredOn(line -> !REPEAT_LINE.matcher(line).find())
                        .filteredOn(line -> line.startsWith("idempotency-agent ") || line.startsWith("[idempotency-"))
                        .as("the agent's stderr lines for %d requests, %d causes:%n%s", 2 * REQUESTS, causes, shown)
                        .hasSizeLessThanOrEqualTo((int) causes * MAX_LINES_PER_CAUSE + 4);
                String more = String.format("%d more refused requests over %d ms:%n%s", REQUESTS, secondRoundMillis,
                        String.join("\n", secondRound));
                assertThat(secondRound).filteredOn(line -> REPEAT_LINE.matcher(line).find())
                        .as("counts, one per interval at most: " + more)
                        .hasSizeBetween(1, (int) (secondRoundMillis / REPEAT_INTERVAL.toMillis()) + 1);
                Map<Integer, String> causeOfLine = causesSaid(outage);
                assertThat(causeOfLine.entrySet()).filteredOn(line -> CAUSE_LINE.matcher(outage.get(line.getKey())).find())
                        .extracting(Map.Entry::getValue).as("no cause said twice:%n%s", shown).doesNotHaveDuplicates();
                int secondRoundStartsAt = linesAfterFirstRound - linesBefore;
                List<String> besidesCountsAndFirstSayings = new ArrayList<>();
                for (int i = secondRoundStartsAt; i < outage.size(); i++) {
                    if (!REPEAT_LINE.matcher(outage.get(i)).find() && !causeOfLine.containsKey(i)) {
                        besidesCountsAndFirstSayings.add(outage.get(i));
                    }
                }
                assertThat(besidesCountsAndFirstSayings).filteredOn(line -> !line.startsWith("[idempotency-keeper]"))
                        .as("besides the counts, the first saying of each cause and the keeper's lines, nothing: " + more)
                        .isEmpty();
                assertThat(besidesCountsAndFirstSayings).as("the keeper's lines, at most two per purge interval: " + more)
                        .hasSizeLessThanOrEqualTo(2 * (int) (secondRoundMillis / PURGE_INTERVAL.toMillis() + 1));
            }
        }
    }

    /**
     * The lines of each cause said, by their index in {@code lines}: an {@code ERROR} line and the
     * {@code caused by} lines after it, each mapped to the cause as the agent tells causes apart:
     * the step that failed and the chain of exception types.
     */
    private static Map<Integer, String> causesSaid(List<String> lines) {
        Map<Integer, String> causeOfLine = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher cause = CAUSE_LINE.matcher(lines.get(i));
            if (!cause.find()) {
                continue;
            }
            StringBuilder chain = new StringBuilder(cause.group(1)).append(" | ").append(cause.group(2));
            int end = i + 1;
            for (Matcher causedBy; end < lines.size() && (causedBy = CAUSED_BY_LINE.matcher(lines.get(end))).find(); end++) {
                chain.append(" < ").append(causedBy.group(1));
            }
            for (int line = i; line < end; line++) {
                causeOfLine.put(line, chain.toString());
            }
        }
        return causeOfLine;
    }

    /**
     * Sends {@link #REQUESTS} requests, each with its own key and body: each is refused, or served
     * when H2, having opened the file again, fits its write in the file's own free space; most are refused.
     */
    private static void refuseAll(DemoApp demo, AtomicInteger keys) throws InterruptedException {
        int refused = 0;
        for (int i = 0; i < REQUESTS; i++) {
            String key = "while-full-" + keys.incrementAndGet();
            Http.Response answer = Orders.create(demo.baseUri(), key, "", Http.DEFAULT_TIMEOUT);
            assertThat(answer.status()).as(answer.body()).isIn(201, 503);
            refused += answer.status() == 503 ? 1 : 0;
            Thread.sleep(SPACING.toMillis());
        }
        assertThat(refused).as("refused of %d while the disk is full", REQUESTS).isGreaterThan(REQUESTS / 2);
    }
}
