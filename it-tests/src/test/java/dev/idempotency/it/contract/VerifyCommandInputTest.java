package dev.idempotency.it.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code verify} given what it cannot work with: a clear message, exit 2, never a stack trace. */
class VerifyCommandInputTest {

    @TempDir
    Path workDir;
    private Path config;

    @BeforeEach
    void writeConfig() throws IOException {
        config = Files.writeString(workDir.resolve("agent.yaml"), ContractSuite.contractAgentConfig());
    }

    @Test
    void anUnreachableUrl() throws IOException {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        AgentCli.Result verified = verify("--url", "http://127.0.0.1:" + closedPort,
                "--sample", "create-order={\"item\": \"x\", \"quantity\": 1}");

        assertUsageProblem(verified, "got no answer", "is the service running at that URL?");
    }

    @Test
    void aPathParameterWithoutValue() {
        AgentCli.Result verified = verify("--url", "http://127.0.0.1:1", "--sample", "create-payment={\"amount\": 1}");

        assertUsageProblem(verified, "has the path parameter {id}", "--path-param id=VALUE");
    }

    @Test
    void aUrlOfAnotherMachineWithoutYes() {
        AgentCli.Result verified = verify("--url", "http://10.255.255.1:8080", "--sample", "create-order={}");

        assertUsageProblem(verified, "is not this machine", "add --yes");
    }

    @Test
    void aSampleForAnEndpointTheConfigDoesNotDeclare() {
        AgentCli.Result verified = verify("--url", "http://127.0.0.1:1", "--sample", "create-ordr={}");

        assertUsageProblem(verified, "names create-ordr, which the config does not declare");
    }

    @Test
    void aDryRunSendsNothingAndSaysWhatItWouldSend() {
        AgentCli.Result verified = verify("--url", "http://127.0.0.1:1", "--dry-run",
                "--sample", "create-order={\"item\": \"x\", \"quantity\": 1}");

        assertThat(verified.exitCode()).as(verified.toString()).isZero();
        assertThat(verified.stdout()).contains("create-order: POST http://127.0.0.1:1/orders (application/json, 28 bytes)").contains("nothing is sent");
    }

    @Test
    void aDryRunNamesTheLoginFieldsButNeverTheirValues() {
        AgentCli.Result verified = verify("--url", "http://127.0.0.1:1/shop", "--dry-run",
                "--login-form", "/login", "--form", "user=verify", "--form", "password=s3cret",
                "--sample", "create-order={\"item\": \"{{uuid}}\", \"quantity\": 1}",
                "--count", "create-order=http://127.0.0.1:2/admin/stats,/orders");

        assertThat(verified.exitCode()).as(verified.toString()).isZero();
        assertThat(verified.stdout())
                .contains("log in twice (two sessions): POST http://127.0.0.1:1/shop/login with [user, password]")
                .contains("create-order: POST http://127.0.0.1:1/shop/orders")
                .contains("effects by GET http://127.0.0.1:2/admin/stats /orders")
                .doesNotContain("s3cret");
    }

    @Test
    void aCountBelowTheUrlIsReadAfterItsContextPath() {
        AgentCli.Result verified = verify("--url", "http://127.0.0.1:1/shop", "--dry-run",
                "--sample", "create-order={}", "--count", "create-order=/api/stats,/orders");

        assertThat(verified.exitCode()).as(verified.toString()).isZero();
        assertThat(verified.stdout()).contains("effects by GET http://127.0.0.1:1/shop/api/stats /orders");
    }

    @Test
    void aFormFieldWithoutTheLoginForm() {
        AgentCli.Result verified = verify("--url", "http://127.0.0.1:1", "--form", "user=verify",
                "--sample", "create-order={}");

        assertUsageProblem(verified, "--form gives a field of the --login-form");
    }

    private AgentCli.Result verify(String... args) {
        String[] command = new String[args.length + 1];
        command[0] = "verify";
        System.arraycopy(args, 0, command, 1, args.length);
        return new AgentCli(workDir, config).run(command);
    }

    private static void assertUsageProblem(AgentCli.Result verified, String... said) {
        assertThat(verified.exitCode()).as(verified.toString()).isEqualTo(2);
        assertThat(verified.stderr()).contains(said).doesNotContain("Exception\n\tat ").doesNotContain("\tat ");
    }
}
