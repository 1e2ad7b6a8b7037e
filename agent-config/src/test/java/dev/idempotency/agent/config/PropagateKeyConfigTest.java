package dev.idempotency.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.vocabulary.PropagateKey;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PropagateKeyConfigTest {

    @TempDir
    Path dir;

    private ConfigFiles files;

    @BeforeEach
    void setUp() {
        files = new ConfigFiles(dir, Map.of());
    }

    private PropagateKey of(String yaml, int endpoint) throws ConfigException {
        return files.load("agent.yaml", "service-name: orders\n" + yaml).endpoints().get(endpoint).settings().propagateKey();
    }

    @Test
    void offUnlessAsked() throws ConfigException {
        assertThat(of("endpoints:\n  - method: POST\n    path: /orders\n", 0).enabled()).isFalse();
    }

    @Test
    void trueKeysEveryHostAndTheHeaderIsInherited() throws ConfigException {
        String yaml = "defaults:\n  propagate-key-header: X-Downstream-Key\n"
                + "endpoints:\n  - method: POST\n    path: /orders\n    propagate-key: true\n"
                + "  - method: POST\n    path: /refunds\n";
        PropagateKey orders = of(yaml, 0);
        assertThat(orders.enabled()).isTrue();
        assertThat(orders.targets()).isEmpty();
        assertThat(orders.header()).isEqualTo("X-Downstream-Key");
        assertThat(orders.appliesTo("http://anything:81/x", "anything", 81)).isTrue();
        assertThat(of(yaml, 1).enabled()).isFalse();
    }

    @Test
    void theDeadlineHeaderIsInheritedWithTheTargets() throws ConfigException {
        String yaml = "defaults:\n  propagate-deadline-header: X-Deadline-Ms\n"
                + "endpoints:\n  - method: POST\n    path: /orders\n    propagate-key: [payments.internal]\n";
        PropagateKey orders = of(yaml, 0);
        assertThat(orders.deadlineHeader()).isEqualTo("X-Deadline-Ms");
        assertThat(orders.header()).as("the key's header stays the key header").isEmpty();
    }

    @Test
    void aListNamesHostsHostPortsAndUrlPrefixes() throws ConfigException {
        PropagateKey keys = of("endpoints:\n  - method: POST\n    path: /orders\n"
                + "    propagate-key: [payments.internal, \"mail:8025\", \"https://api.stripe.com/v1/\"]\n", 0);
        assertThat(keys.targets()).containsExactly("payments.internal", "mail:8025", "https://api.stripe.com/v1/");
        assertThat(keys.header()).isEmpty();
        assertThat(keys.appliesTo("http://Payments.Internal:9000/charges", "Payments.Internal", 9000)).isTrue();
        assertThat(keys.appliesTo("http://mail:8025/send", "mail", 8025)).isTrue();
        assertThat(keys.appliesTo("http://mail:25/send", "mail", 25)).isFalse();
        assertThat(keys.appliesTo("https://API.stripe.com/v1/charges", "api.stripe.com", -1)).isTrue();
        assertThat(keys.appliesTo("https://api.stripe.com/v2/charges", "api.stripe.com", -1)).isFalse();
        assertThat(keys.appliesTo("http://other/x", "other", -1)).isFalse();
    }

    @Test
    void propagatingNeedsTheServicesName() {
        List<String> problems = files.problems("agent.yaml", "endpoints:\n  - name: create-order\n    method: POST\n"
                + "    path: /orders\n    propagate-key: true\n  - name: refund\n    method: POST\n    path: /refunds\n");
        assertThat(problems).containsExactly(files.line("agent.yaml", "service-name: is not set, and propagate-key is on "
                + "for create-order: the keys sent downstream are derived from the service's name, so every service left "
                + "with the default name would send a downstream service the same keys for different operations, and get "
                + "one another's answers; set service-name: to a name no other service calling the same downstream "
                + "services has, e.g. service-name: orders"));
    }

    @Test
    void badTargetsAndHeadersAreProblems() {
        List<String> problems = files.problems("agent.yaml", "endpoints:\n  - method: POST\n    path: /orders\n"
                + "    propagate-key: [\"payments/charges\"]\n    propagate-key-header: Idem Key\n");
        assertThat(problems).containsExactly(
                files.line("agent.yaml", "endpoints[0].propagate-key[0]: \"payments/charges\" is neither a host nor a URL;"
                        + " write a host (payments.internal), host:port, or a URL prefix starting with http:// or"
                        + " https:// (or set propagate-key: true for every host)"),
                files.line("agent.yaml", "endpoints[0].propagate-key-header: \"Idem Key\" is not a header name; use"
                        + " letters, digits and -, like Idempotency-Key"));
    }
}
