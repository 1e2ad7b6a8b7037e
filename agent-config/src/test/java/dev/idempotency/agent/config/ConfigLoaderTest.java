package dev.idempotency.agent.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.config.testing.SampleConfig;
import dev.idempotency.agent.vocabulary.CrashPolicy;
import dev.idempotency.agent.vocabulary.DeadlineFormat;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.FingerprintMode;
import dev.idempotency.agent.vocabulary.ScopePart;
import dev.idempotency.agent.vocabulary.StoreErrorPolicy;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {

    private static final String FULL_YAML = SampleConfig.EVERY_FIELD;

    @TempDir
    Path dir;

    private ConfigFiles files;

    @BeforeEach
    void setUp() {
        files = new ConfigFiles(dir, SampleConfig.ENV);
    }

    @Test
    void loadsEveryFieldOfAYamlFile() throws Exception {
        AgentConfig config = files.load("agent.yaml", FULL_YAML);

        assertThat(config.source()).isEqualTo(dir.resolve("agent.yaml"));
        assertThat(config.serviceName()).isEqualTo("orders");
        assertThat(config.onConfigError()).isEqualTo(OnConfigError.DISABLE);
        assertThat(config.protectionCheckAfter()).isEqualTo(Duration.ofMinutes(3));

        StoreSettings store = config.store();
        assertThat(store.url()).isEqualTo("jdbc:postgresql://db:5432/orders");
        assertThat(store.user()).isEqualTo("app");
        assertThat(store.password()).isEqualTo("s3cret");
        assertThat(store.table()).isEqualTo("app.idempotency_record");
        assertThat(store.poolSize()).isEqualTo(4);
        assertThat(store.connectTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(store.statementTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(store.toString()).doesNotContain("s3cret");

        assertThat(config.keeper().renewInterval()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.keeper().purgeInterval()).isEqualTo(Duration.ofMinutes(15));
        assertThat(config.keeper().purgeBatchSize()).isEqualTo(100);

        LoggingConfig logging = config.logging();
        assertThat(logging.sink()).isEqualTo(LogSink.FILE);
        assertThat(logging.file()).contains(Path.of("./logs/attempts.jsonl"));
        assertThat(logging.maxFileSize()).isEqualTo(512 * 1024);
        assertThat(logging.maxFiles()).isEqualTo(3);
        assertThat(logging.hashSecret()).contains("fallback-secret");
        assertThat(logging.requestIdHeader()).isEqualTo("X-Correlation-Id");
        assertThat(logging.headerAllowList()).containsExactly("User-Agent");
        assertThat(logging.maskPath()).isFalse();
        assertThat(logging.body().enabled()).isTrue();
        assertThat(logging.body().redactFields()).containsExactly("iban");
        assertThat(logging.body().maxSize()).isEqualTo(4096);

        assertThat(config.endpoints()).hasSize(2);
        EndpointConfig create = config.endpoints().get(0);
        assertThat(create.name()).isEqualTo("create-order");
        assertThat(create.method()).isEqualTo("POST");
        assertThat(create.path().orElseThrow().text()).isEqualTo("/orders");
        assertThat(create.resourceMethod()).hasValueSatisfying(m -> {
            assertThat(m.className()).isEqualTo("com.acme.OrderResource");
            assertThat(m.methodName()).isEqualTo("create");
        });
        assertFullDefaults(create.settings());
        assertFullDefaults(config.defaults());
    }

    private static void assertFullDefaults(EndpointSettings s) {
        assertThat(s.keyHeader()).isEqualTo("X-Idempotency-Key");
        assertThat(s.required()).isFalse();
        assertThat(s.keyMinLength()).isEqualTo(8);
        assertThat(s.keyMaxLength()).isEqualTo(64);
        assertThat(s.keyPattern()).contains("[A-Za-z0-9-]+");
        assertThat(s.scope()).extracting(ScopePart::kind, ScopePart::headerName)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(ScopePart.Kind.HEADER, "X-Tenant-Id"),
                        org.assertj.core.groups.Tuple.tuple(ScopePart.Kind.PRINCIPAL, null));
        assertThat(s.ttl()).isEqualTo(Duration.ofDays(7));
        assertThat(s.lease()).isEqualTo(Duration.ofMinutes(1));
        assertThat(s.fingerprint().mode()).isEqualTo(FingerprintMode.JSON);
        assertThat(s.fingerprint().ignoredFields()).containsExactly("requestedAt", "meta.trace");
        assertThat(s.fingerprint().queryParameters()).contains(List.of("currency"));
        assertThat(s.fingerprint().headers()).containsExactly("Content-Type");
        EndpointSettings.Statuses st = s.statuses();
        assertThat(List.of(st.missingKey(), st.invalidKey(), st.bodyTooLarge(), st.deadlineExceeded(),
                st.storeUnavailable(), st.keyReused(), st.inProgress(), st.outcomeUnknown()))
                .containsExactly(428, 422, 400, 408, 500, 409, 429, 500);
        assertThat(s.releaseOnStatus()).containsExactly(503, 502);
        assertThat(s.inFlightWait()).isEqualTo(Duration.ofSeconds(2));
        assertThat(s.retryAfter()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.maxRequestBody()).isEqualTo(2 * 1024 * 1024);
        assertThat(s.maxStoredResponseBody()).isEqualTo(256 * 1024);
        assertThat(s.crashPolicy()).isEqualTo(CrashPolicy.REEXECUTE);
        assertThat(s.onStoreError()).isEqualTo(StoreErrorPolicy.FAIL_OPEN);
        assertThat(s.replayHeaders()).containsExactly("X-Order-Id");
        assertThat(s.deadline().header()).contains("x-envoy-expected-rq-timeout-ms");
        assertThat(s.deadline().format()).isEqualTo(DeadlineFormat.RELATIVE_MS);
    }

    @Test
    void endpointOverridesReplaceOnlyTheFieldsTheyName() throws Exception {
        EndpointConfig update = files.load("agent.yaml", FULL_YAML).endpoints().get(1);

        assertThat(update.name()).isEqualTo("PUT /orders/{id}");
        assertThat(update.method()).isEqualTo("PUT");
        assertThat(update.path().orElseThrow().variableNames()).containsExactly("id");
        assertThat(update.resourceMethod()).isEmpty();
        EndpointSettings s = update.settings();
        assertThat(s.ttl()).isEqualTo(Duration.ofHours(1));
        assertThat(s.lease()).isEqualTo(Duration.ofMinutes(1));
        // Nested sections merge field by field with the defaults.
        assertThat(s.fingerprint().mode()).isEqualTo(FingerprintMode.RAW);
        assertThat(s.fingerprint().ignoredFields()).containsExactly("requestedAt", "meta.trace");
        assertThat(s.statuses().keyReused()).isEqualTo(422);
        assertThat(s.statuses().missingKey()).isEqualTo(428);
        assertThat(s.keyHeader()).isEqualTo("X-Idempotency-Key");
    }

    @Test
    void jsonFileLoadsIntoTheSameModelAsYaml() throws Exception {
        AgentConfig fromYaml = files.load("agent.yaml", FULL_YAML);
        String json = new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(
                new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().readTree(FULL_YAML));
        AgentConfig fromJson = files.load("agent.json", json);

        assertThat(fromJson).usingRecursiveComparison().ignoringFields("source").isEqualTo(fromYaml);
    }

    @Test
    void fileWithoutExtensionIsSniffed() throws Exception {
        AgentConfig json = files.load("agent-config", "{\"endpoints\": [{\"method\": \"POST\", \"path\": \"/a\"}]}");
        AgentConfig yaml = files.load("agent-config.txt", "endpoints:\n  - method: POST\n    path: /a\n");

        assertThat(json.endpoints()).extracting(EndpointConfig::name).containsExactly("POST /a");
        assertThat(yaml.endpoints()).extracting(EndpointConfig::name).containsExactly("POST /a");
    }

    /** No endpoints yet is a valid start: the agent protects nothing and learns what {@code discover} lists. */
    @Test
    void noEndpointsDeclaredIsValid() throws Exception {
        assertThat(files.load("none.yaml", "service-name: orders\n").endpoints()).isEmpty();
        assertThat(files.load("empty.yaml", "service-name: orders\nendpoints: []\n").endpoints()).isEmpty();
    }

    @Test
    void prometheusIsOffUnlessAPortIsGiven() throws Exception {
        AgentConfig off = files.load("off.yaml", "endpoints:\n  - method: POST\n    path: /a\n");
        AgentConfig on = files.load("on.yaml", "metrics:\n  prometheus:\n    port: 9464\n"
                + "    store-gauges-interval: 1m\nendpoints:\n  - method: POST\n    path: /a\n");

        assertThat(off.prometheus().port()).isEmpty();
        assertThat(off.prometheus().bindAddress()).isEqualTo("127.0.0.1");
        assertThat(on.prometheus().port()).hasValue(9464);
        assertThat(on.prometheus().storeGaugesInterval()).isEqualTo(Duration.ofMinutes(1));
    }

    @Test
    void cookieScopeAndAnExplicitQuerySubset() throws Exception {
        EndpointSettings s = files.load("agent.yaml", """
                endpoints:
                  - method: POST
                    path: /cart/checkout/
                    scope: [cookie:JSESSIONID, header:X-Tenant-Id]
                    fingerprint:
                      query-parameters: []
                """).endpoints().get(0).settings();

        assertThat(s.scope()).extracting(ScopePart::kind, ScopePart::cookieName)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(ScopePart.Kind.COOKIE, "JSESSIONID"),
                        org.assertj.core.groups.Tuple.tuple(ScopePart.Kind.HEADER, null));
        assertThat(s.fingerprint().queryParameters()).as("no query parameter at all").contains(List.of());
    }

    @Test
    void leftOutFieldsTakeTheDocumentedDefaults() throws Exception {
        AgentConfig config = files.load("agent.yaml", "endpoints:\n  - method: POST\n    path: /orders\n");

        assertThat(config.serviceName()).isEqualTo("unknown-service");
        assertThat(config.onConfigError()).isEqualTo(OnConfigError.FAIL);
        assertThat(config.store().url()).isEqualTo("mvstore:./idempotency-store/agent");
        assertThat(config.store().user()).isEqualTo("sa");
        assertThat(config.store().password()).isEmpty();
        assertThat(config.store().table()).isEqualTo("idempotency_record");
        assertThat(config.store().poolSize()).isEqualTo(8);
        assertThat(config.store().connectTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.store().statementTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.keeper().renewInterval()).isEqualTo(Duration.ofSeconds(10));
        assertThat(config.keeper().purgeInterval()).isEqualTo(Duration.ofMinutes(1));
        assertThat(config.keeper().purgeBatchSize()).isEqualTo(500);
        LoggingConfig logging = config.logging();
        assertThat(logging.sink()).isEqualTo(LogSink.STDOUT);
        assertThat(logging.file()).isEmpty();
        assertThat(logging.maxFileSize()).isEqualTo(10 * 1024 * 1024);
        assertThat(logging.maxFiles()).isEqualTo(5);
        assertThat(logging.hashSecret()).isEmpty();
        assertThat(logging.requestIdHeader()).isEqualTo("X-Request-Id");
        assertThat(logging.headerAllowList()).isEmpty();
        assertThat(logging.maskPath()).isTrue();
        assertThat(logging.body().enabled()).isFalse();
        assertThat(logging.body().redactFields()).containsExactly("password", "cardNumber", "cvv");
        assertThat(logging.body().maxSize()).isEqualTo(2048);

        EndpointConfig endpoint = config.endpoints().get(0);
        assertThat(endpoint.name()).isEqualTo("POST /orders");
        assertThat(endpoint.settings()).as("every setting at its default (EndpointSettingsTest lists them)")
                .usingRecursiveComparison().isEqualTo(EndpointSettings.defaults());
    }

    @Test
    void envReferencesAreResolvedInAnyStringValue() throws Exception {
        ConfigFiles withEnv = new ConfigFiles(dir, Map.of("SERVICE", "billing", "TTL", "2h", "EMPTY", ""));
        AgentConfig config = withEnv.load("agent.yaml", """
                service-name: ${env:SERVICE}-eu
                store:
                  password: ${env:UNSET:-fallback}
                  user: ${env:EMPTY:-admin}
                logging:
                  hash-secret: $${env:LITERAL}
                defaults:
                  ttl: ${env:TTL}
                endpoints:
                  - method: POST
                    path: /orders
                    fingerprint:
                      headers: ["${env:UNSET:-X-Trace}"]
                """);

        assertThat(config.serviceName()).isEqualTo("billing-eu");
        assertThat(config.store().password()).isEqualTo("fallback");
        assertThat(config.store().user()).isEqualTo("admin");
        assertThat(config.logging().hashSecret()).contains("${env:LITERAL}");
        assertThat(config.endpoints().get(0).settings().ttl()).isEqualTo(Duration.ofHours(2));
        assertThat(config.endpoints().get(0).settings().fingerprint().headers()).containsExactly("X-Trace");
    }

    @Test
    void anEndpointDeclaredByResourceMethodOnlyHasNoPath() throws Exception {
        EndpointConfig create = files.load("agent.yaml", """
                endpoints:
                  - method: post
                    resource-method: com.acme.OrderResource#create
                """).endpoints().get(0);

        assertThat(create.path()).isEmpty();
        assertThat(create.resourceMethod()).hasValueSatisfying(m -> assertThat(m).hasToString("com.acme.OrderResource#create"));
        assertThat(create.name()).isEqualTo("POST com.acme.OrderResource#create");
        assertThat(create).hasToString("POST com.acme.OrderResource#create (POST com.acme.OrderResource#create)");
    }
}
