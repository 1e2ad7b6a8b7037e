package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The included suite against a service of your own, the same checks the contract classes run
 * against the demos:
 *
 * <pre>
 * mvn -pl it-tests verify -Dtest=ExternalServiceVerifyTest -Dverify.url=http://localhost:8080/shop \
 *     -Dverify.config=/etc/shop/idempotency.yaml -Dverify.args="--sample create-order=@/tmp/order.json"
 * </pre>
 *
 * Without {@code -Dverify.url} there is no service to verify, and the test says so as skipped.
 */
class ExternalServiceVerifyTest {

    @TempDir
    Path workDir;

    @Test
    void theServiceNamedByVerifyUrlPassesEveryCheck() throws Exception {
        String url = System.getProperty("verify.url", "");
        Assumptions.assumeFalse(url.isBlank(), "no external service: give -Dverify.url=<base URL> "
                + "-Dverify.config=<agent config> -Dverify.args=\"--sample ENDPOINT=@body.json ...\"");
        Path config = Path.of(System.getProperty("verify.config", ""));
        assertThat(Files.isReadable(config)).as("-Dverify.config names a readable agent config: %s", config).isTrue();
        Path junit = Path.of("target", "verify-junit.xml").toAbsolutePath();
        List<String> args = new ArrayList<>(List.of("verify", "--url", url, "--junit", junit.toString()));
        String extra = System.getProperty("verify.args", "").trim();
        if (!extra.isEmpty()) {
            args.addAll(Arrays.asList(extra.split("\\s+")));
        }

        AgentCli.Result verified = new AgentCli(workDir, config).run(args.toArray(String[]::new));

        System.out.println(verified.stdout());
        assertThat(verified.exitCode()).as(verified.toString()).isZero();
    }
}
