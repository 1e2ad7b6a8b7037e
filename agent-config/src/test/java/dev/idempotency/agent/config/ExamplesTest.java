package dev.idempotency.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.vocabulary.DeadlineFormat;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.FingerprintMode;
import dev.idempotency.agent.vocabulary.ScopePart;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every file under examples/ loads, and says what its comments promise. */
class ExamplesTest {

    private static final Path EXAMPLES = Path.of("examples");
    private static final Function<String, String> NO_ENV = name -> null;

    @Test
    void everyExampleLoads() throws Exception {
        List<Path> examples;
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            examples = files.sorted().collect(Collectors.toList());
        }
        assertThat(examples).extracting(p -> p.getFileName().toString())
                .contains("demo.yaml", "shared-postgres.yaml", "jaxrs.json");
        for (Path example : examples) {
            assertThat(ConfigLoader.load(example, NO_ENV).endpoints()).as(example.toString()).isNotEmpty();
        }
    }

    @Test
    void demoProtectsTheOrdersServiceWithTheEmbeddedStore() throws Exception {
        AgentConfig config = ConfigLoader.load(EXAMPLES.resolve("demo.yaml"), NO_ENV);

        assertThat(config.serviceName()).isEqualTo("orders-demo");
        assertThat(config.onConfigError()).isEqualTo(OnConfigError.FAIL);
        assertThat(config.store().url()).isEqualTo("mvstore:./idempotency-store/agent");
        assertThat(config.logging().sink()).isEqualTo(LogSink.STDOUT);
        assertThat(config.endpoints()).extracting(EndpointConfig::name, EndpointConfig::method, e -> e.path().orElseThrow().text())
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("create-order", "POST", "/orders"),
                        org.assertj.core.groups.Tuple.tuple("create-order-form", "POST", "/orders/form"),
                        org.assertj.core.groups.Tuple.tuple("create-payment", "POST", "/orders/{id}/payments"));
        assertThat(config.endpoints()).extracting(e -> e.settings().fingerprint().mode())
                .containsExactly(FingerprintMode.JSON, FingerprintMode.RAW, FingerprintMode.JSON);
        assertThat(config.endpoints()).extracting(e -> e.settings().releaseOnStatus())
                .as("statuses the demo answers before any write").containsOnly(java.util.List.of(429, 503));
        List<ScopePart> paymentScope = config.endpoints().get(2).settings().scope();
        assertThat(paymentScope).singleElement().satisfies(part -> {
            assertThat(part.kind()).isEqualTo(ScopePart.Kind.HEADER);
            assertThat(part.headerName()).isEqualTo("X-Merchant-Id");
        });
        assertThat(config.endpoints().get(0).settings().scope()).containsExactly(ScopePart.none());
    }

    @Test
    void sharedPostgresTakesItsPasswordFromTheEnvironment() throws Exception {
        Path file = EXAMPLES.resolve("shared-postgres.yaml");
        AgentConfig withoutEnv = ConfigLoader.load(file, NO_ENV);
        AgentConfig withEnv = ConfigLoader.load(file, Map.of("IDEMPOTENCY_DB_PASSWORD", "pw")::get);

        assertThat(withoutEnv.store().url()).isEqualTo("jdbc:postgresql://127.0.0.1:5432/test");
        assertThat(withoutEnv.store().user()).isEqualTo("postgres");
        assertThat(withoutEnv.store().password()).isEmpty();
        assertThat(withEnv.store().password()).isEqualTo("pw");
        assertThat(withoutEnv.logging().sink()).isEqualTo(LogSink.FILE);
        assertThat(withoutEnv.logging().hashSecret()).isEmpty();
        EndpointSettings payment = withoutEnv.endpoints().get(1).settings();
        assertThat(payment.scope()).extracting(ScopePart::kind)
                .containsExactly(ScopePart.Kind.HEADER, ScopePart.Kind.PRINCIPAL);
        assertThat(payment.inFlightWait()).isEqualTo(Duration.ofSeconds(2));
        assertThat(payment.releaseOnStatus()).containsExactly(429, 503);
        assertThat(withoutEnv.endpoints().get(0).settings().fingerprint().ignoredFields()).containsExactly("requestedAt");
    }

    @Test
    void ordersJaxrsExampleDeclaresTheOrderEndpointByResourceMethodOnly() throws Exception {
        EndpointConfig create = ConfigLoader.load(EXAMPLES.resolve("orders-jaxrs.yaml"), NO_ENV).endpoints().get(0);

        assertThat(create.path()).isEmpty();
        assertThat(create.resourceMethod()).map(Object::toString)
                .hasValue("dev.idempotency.demo.jaxrsjavax.OrdersResource#create");
    }

    @Test
    void jaxrsJsonExampleDeclaresResourceMethods() throws Exception {
        AgentConfig config = ConfigLoader.load(EXAMPLES.resolve("jaxrs.json"), NO_ENV);

        assertThat(config.onConfigError()).isEqualTo(OnConfigError.DISABLE);
        assertThat(config.logging().sink()).isEqualTo(LogSink.STDERR);
        assertThat(config.endpoints()).extracting(e -> e.resourceMethod().orElseThrow().toString())
                .containsExactly("com.acme.OrderResource#create", "com.acme.OrderResource#cancel");
        EndpointSettings cancel = config.endpoints().get(1).settings();
        assertThat(cancel.required()).isFalse();
        assertThat(cancel.keyMinLength()).isEqualTo(16);
        assertThat(cancel.statuses().keyReused()).isEqualTo(409);
        assertThat(cancel.deadline().header()).contains("X-Request-Deadline");
        assertThat(cancel.deadline().format()).isEqualTo(DeadlineFormat.EPOCH_MS);
    }
}
