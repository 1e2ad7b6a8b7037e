package dev.idempotency.it.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.contract.ContractSuite;
import dev.idempotency.it.support.Http;
import dev.idempotency.it.support.StandaloneTomcat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A web application undeployed from a container that runs the agent is collected, as it is
 * without the agent: anything the agent kept of it (a class loader in a cache, a thread started
 * with it as context loader) would keep every class of the application, and each redeploy of a WAR
 * would add one more copy until the container runs out of memory.
 *
 * <p>A standalone Tomcat 9 with the agent deploys the demo WAR, serves protected requests (the
 * agent instruments the servlet, defines its adapter in the application's loader, stores and
 * replays), and undeploys it, {@value #DEPLOYMENTS} times. Then the web application class loaders
 * still alive are counted with {@code jcmd GC.class_histogram}, which runs a full GC first.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RedeployLeakTest {

    private static final int DEPLOYMENTS = 5;
    private static final Duration DEPLOY_TIMEOUT = Duration.ofSeconds(60);
    /** How long the loaders of undeployed applications may take to go (a thread ending when idle, say). */
    private static final Duration COLLECTION_WAIT = Duration.ofSeconds(30);
    private static final Duration JCMD_TIMEOUT = Duration.ofSeconds(60);
    /** Tomcat 9's loader of a web application, and the one a context may be configured to use instead. */
    private static final Set<String> WEBAPP_LOADERS = Set.of("org.apache.catalina.loader.ParallelWebappClassLoader",
            "org.apache.catalina.loader.WebappClassLoader");
    /** {@code   12:   3456   789012  java.lang.String (java.base@17)}: rank, instances, bytes, class. */
    private static final Pattern HISTOGRAM_ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+\\d+\\s+(\\S+)");
    private static final String ORDER = "{\"item\": \"book\", \"quantity\": 2}";
    private static final String OTHER_ORDER = "{\"item\": \"pen\", \"quantity\": 3}";

    @Test
    void undeployedApplicationsAreCollected(@TempDir Path workDir) throws IOException {
        Path config = Files.writeString(workDir.resolve("agent.yaml"), ContractSuite.contractAgentConfig());
        try (StandaloneTomcat tomcat = StandaloneTomcat.ordersWar().workDir(workDir).agentConfig(config)
                // Soft references (caches in the JDK and in Tomcat) go at the first full GC, as weak ones.
                .jvmArg("-XX:SoftRefLRUPolicyMSPerMB=0")
                .checkDeploymentsEverySecond()
                .start()) {
            List<Integer> liveAfterEachUndeploy = new ArrayList<>();
            for (int deployment = 1; deployment <= DEPLOYMENTS; deployment++) {
                if (deployment > 1) {
                    tomcat.deploy(DEPLOY_TIMEOUT);
                }
                sendProtectedRequests(Http.to(tomcat.baseUri()));
                if (deployment == 1) {
                    assertThat(liveWebappLoaders(tomcat.pid(), workDir))
                            .as("the deployed application's loader, seen by the histogram").isEqualTo(1);
                }
                tomcat.undeploy(DEPLOY_TIMEOUT);
                liveAfterEachUndeploy.add(liveWebappLoaders(tomcat.pid(), workDir));
            }
            int live = awaitNoLiveWebappLoader(tomcat.pid(), workDir);
            String warnings = leakWarnings(tomcat);
            System.out.println("RedeployLeakTest: live web application loaders after each of " + DEPLOYMENTS
                    + " undeploys " + liveAfterEachUndeploy + ", at the end " + live + "; Tomcat's leak warnings: " + warnings);
            assertThat(live)
                    .as("web application loaders alive after %s deployments, all undeployed (after each undeploy: %s);"
                            + " Tomcat's leak warnings:%n%s", DEPLOYMENTS, liveAfterEachUndeploy, warnings)
                    .isZero();
        }
    }

    /** A new order, its replay, the same key with another body, one without a key, one answered asynchronously. */
    private static void sendProtectedRequests(Http http) {
        String key = UUID.randomUUID().toString();
        Http.Response created = http.postJson("/orders", ORDER, "Idempotency-Key", key);
        assertThat(created.status()).as("new order: %s", created.body()).isEqualTo(201);
        Http.Response replayed = http.postJson("/orders", ORDER, "Idempotency-Key", key);
        assertThat(replayed.header("Idempotent-Replayed")).as("the agent replays: %s", replayed.body()).contains("true");
        assertThat(http.postJson("/orders", OTHER_ORDER, "Idempotency-Key", key).status()).isEqualTo(422);
        assertThat(http.postJson("/orders", ORDER).status()).as("a key is required").isEqualTo(400);
        assertThat(http.postJson("/orders?async=true", ORDER, "Idempotency-Key", UUID.randomUUID().toString()).status())
                .isEqualTo(201);
    }

    /** Counts again, at most {@link #COLLECTION_WAIT}, until none is left; returns the last count. */
    private static int awaitNoLiveWebappLoader(long pid, Path workDir) {
        long deadline = System.nanoTime() + COLLECTION_WAIT.toNanos();
        while (true) {
            int live = liveWebappLoaders(pid, workDir);
            if (live == 0 || System.nanoTime() > deadline) {
                return live;
            }
            sleep(Duration.ofSeconds(1));
        }
    }

    /** Web application class loaders alive in {@code pid} after a full GC. */
    private static int liveWebappLoaders(long pid, Path workDir) {
        Path histogram = workDir.resolve("class-histogram.txt");
        String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
        Process process = null;
        try {
            process = new ProcessBuilder(jcmd, Long.toString(pid), "GC.class_histogram")
                    .redirectErrorStream(true)
                    .redirectOutput(histogram.toFile())
                    .start();
            if (!process.waitFor(JCMD_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("jcmd " + pid + " GC.class_histogram did not finish within " + JCMD_TIMEOUT);
            }
            List<String> rows = Files.readAllLines(histogram, StandardCharsets.UTF_8);
            if (process.exitValue() != 0 || rows.stream().noneMatch(row -> row.contains("java.lang.String"))) {
                throw new IllegalStateException("jcmd " + pid + " GC.class_histogram failed with " + process.exitValue()
                        + ":\n" + rows.stream().limit(20).collect(Collectors.joining("\n")));
            }
            int live = 0;
            for (String row : rows) {
                Matcher match = HISTOGRAM_ROW.matcher(row);
                if (match.find() && WEBAPP_LOADERS.contains(match.group(2))) {
                    live += Integer.parseInt(match.group(1));
                }
            }
            return live;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + jcmd, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while jcmd ran", e);
        } finally {
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }

    /** What Tomcat says when it stops an application something still holds (a thread, a ThreadLocal). */
    private static String leakWarnings(StandaloneTomcat tomcat) {
        String warnings = Stream.concat(tomcat.stdout().stream(), tomcat.stderr().stream())
                .filter(line -> line.contains("memory leak"))
                .collect(Collectors.joining("\n"));
        return warnings.isEmpty() ? "(none)" : warnings;
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
