package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.JavaxDemoWithConfig;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An endpoint the agent itself reports UNPROTECTED fails {@code verify --pid}, sample or not: the
 * javax demo runs no JAX-RS runtime, so an endpoint declared by resource method alone protects
 * nothing there. Without {@code --pid} verify cannot know, and says nothing of it.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class VerifyUnprotectedEndpointTest {

    @RegisterExtension
    static final JavaxDemoWithConfig demo = new JavaxDemoWithConfig(
            "service-name: half-protected",
            "on-config-error: fail",
            "endpoints:",
            "  - name: register-member",
            "    method: POST",
            "    path: /members",
            "  - name: pay",
            "    method: POST",
            "    resource-method: com.example.Payments#pay");

    @Test
    void anEndpointTheAgentReportsUnprotectedFailsVerifyWithTheAgentsWords() {
        AgentCli.Result withPid = verify("--pid", Long.toString(demo.pid()));
        AgentCli.Result withoutPid = verify();

        assertThat(withPid.exitCode()).as(withPid.toString()).isEqualTo(1);
        assertThat(withPid.stdout().lines().filter(line -> line.startsWith("pay")))
                .anyMatch(line -> line.contains("the agent protects it") && line.endsWith("failed"));
        assertThat(withPid.stdout()).contains("reports it UNPROTECTED: no instrumented entry point serves it");
        assertThat(withPid.stdout().lines().filter(line -> line.startsWith("register-member")))
                .noneMatch(line -> line.endsWith("failed"));
        assertThat(withoutPid.exitCode()).as(withoutPid.toString()).isZero();
    }

    private AgentCli.Result verify(String... more) {
        String[] args = {"verify", "--url", demo.baseUri().toString(),
            "--sample", "register-member={\"email\": \"m-{{uuid}}@example.com\"}"};
        String[] all = new String[args.length + more.length];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return demo.cli().run(all);
    }
}
