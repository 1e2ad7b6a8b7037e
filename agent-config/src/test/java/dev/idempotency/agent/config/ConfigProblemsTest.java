package dev.idempotency.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigProblemsTest {

    private static final String ORDERS = "endpoints:\n  - method: POST\n    path: /orders\n";

    @TempDir
    Path dir;

    private ConfigFiles files;

    @BeforeEach
    void setUp() {
        files = new ConfigFiles(dir, Map.of());
    }

    private List<String> problems(String yaml) {
        return files.problems("agent.yaml", yaml);
    }

    private String line(String rest) {
        return files.line("agent.yaml", rest);
    }

    @Test
    void unknownFieldSuggestsTheClosestKnownName() {
        assertThat(problems("defaults:\n  tll: 24h\n" + ORDERS))
                .containsExactly(line("defaults.tll: unknown field; did you mean \"ttl\"?"));
        assertThat(problems("defaults:\n  keyHeader: X-Key\n" + ORDERS))
                .containsExactly(line("defaults.keyHeader: unknown field; did you mean \"key-header\"?"));
        assertThat(problems(ORDERS + "    ttls: 1h\n"))
                .containsExactly(line("endpoints[0].ttls: unknown field; did you mean \"ttl\"?"));
    }

    @Test
    void unknownFieldWithNothingCloseListsTheKnownNames() {
        assertThat(problems("keeper:\n  colour: red\n" + ORDERS)).containsExactly(line(
                "keeper.colour: unknown field; known fields here: renew-interval, purge-interval, purge-batch-size"));
    }

    @Test
    void aKeyPatternThatIsNoRegularExpression() {
        assertThat(problems(ORDERS + "    key-pattern: \"[0-9a-f\"\n")).containsExactly(line(
                "endpoints[0].key-pattern: \"[0-9a-f\" is not a regular expression (Unclosed character class);"
                        + " write one the whole key must match, like"
                        + " [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"));
    }

    @Test
    void badDuration() {
        assertThat(problems("endpoints:\n  - method: POST\n    path: /a\n  - method: POST\n    path: /b\n"
                + "  - method: POST\n    path: /c\n    ttl: 24 hours\n"))
                .containsExactly(line("endpoints[2].ttl: \"24 hours\" is not a duration; use forms like 30s, 15m, 24h"));
        assertThat(problems("store:\n  connect-timeout: 0s\n" + ORDERS)).containsExactly(
                line("store.connect-timeout: \"0s\" must be longer than 0; use forms like 30s, 15m, 24h"));
        assertThat(problems("protection-check-after: soon\n" + ORDERS)).containsExactly(
                line("protection-check-after: \"soon\" is not a duration; use forms like 30s, 15m, 24h"));
    }

    @Test
    void badSize() {
        assertThat(problems("defaults:\n  max-request-body: 1 megabyte\n" + ORDERS)).containsExactly(line(
                "defaults.max-request-body: \"1 megabyte\" is not a size; use forms like 512KB, 1MB, or a number of bytes"));
    }

    @Test
    void badStatus() {
        assertThat(problems("defaults:\n  statuses:\n    key-reused: 600\n  release-on-status: [503, 99]\n" + ORDERS))
                .containsExactly(
                        line("defaults.statuses.key-reused: \"600\" is not an HTTP status; use a number from 100 to 599"),
                        line("defaults.release-on-status[1]: \"99\" is not an HTTP status; use a number from 100 to 599"));
    }

    @Test
    void badEnumValueListsTheAcceptedOnes() {
        assertThat(problems("on-config-error: ignore\nlogging:\n  sink: syslog\n" + ORDERS
                + "    crash-policy: retry\n    fingerprint:\n      mode: xml\n"))
                .containsExactly(
                        line("on-config-error: \"ignore\" is not accepted; use one of: fail, disable"),
                        line("logging.sink: \"syslog\" is not accepted; use one of: stdout, stderr, file, none"),
                        line("endpoints[0].fingerprint.mode: \"xml\" is not accepted; use one of: raw, json"),
                        line("endpoints[0].crash-policy: \"retry\" is not accepted; use one of: unknown, reexecute"));
    }

    @Test
    void badScope() {
        assertThat(problems("defaults:\n  scope: tenant\n" + ORDERS)).containsExactly(line(
                "defaults.scope: \"tenant\" is not a scope; use none, header:NAME, principal, cookie:NAME, or a list of these"));
        assertThat(problems("defaults:\n  scope: [principal, \"header:\"]\n" + ORDERS)).containsExactly(line(
                "defaults.scope[1]: \"header:\" is not a scope; use none, header:NAME, principal, cookie:NAME, or a list of these"));
        assertThat(problems("defaults:\n  scope: \"cookie:a b\"\n" + ORDERS)).containsExactly(line(
                "defaults.scope: \"cookie:a b\" is not a scope; use none, header:NAME, principal, cookie:NAME, or a list of these"));
        assertThat(problems("defaults:\n  scope: [none, principal]\n" + ORDERS)).containsExactly(line(
                "defaults.scope: combines none with other parts; use none alone, or a list of header:NAME, principal and cookie:NAME"));
    }

    @Test
    void missingEnvVariable() {
        assertThat(problems("store:\n  password: ${env:DB_PASSWORD}\n" + ORDERS)).containsExactly(line(
                "store.password: ${env:DB_PASSWORD} is not set; export it or write ${env:DB_PASSWORD:-default}"));
        assertThat(problems("store:\n  password: ${DB_PASSWORD}\n" + ORDERS)).containsExactly(line(
                "store.password: \"${DB_PASSWORD}\" has a malformed reference; write ${env:NAME} or"
                        + " ${env:NAME:-default}, or $${ for a literal ${"));
    }

    @Test
    void missingMethodOrPath() {
        assertThat(problems("endpoints:\n  - name: create-order\n")).containsExactly(
                line("endpoints[0].method: is required; e.g. method: POST"),
                line("endpoints[0].path: is required unless resource-method is given; e.g. path: /orders/{id},"
                        + " or for JAX-RS resource-method: com.acme.OrderResource#create"));
    }

    @Test
    void aMalformedResourceMethodWithoutPathIsReportedOnce() {
        assertThat(problems("endpoints:\n  - method: POST\n    resource-method: com.acme.OrderResource.create\n"))
                .containsExactly(line("endpoints[0].resource-method: \"com.acme.OrderResource.create\" is not a"
                        + " resource method; use the form com.acme.OrderResource#create"));
    }

    @Test
    void badMethod() {
        assertThat(problems("endpoints:\n  - method: PSOT\n    path: /orders\n")).containsExactly(line(
                "endpoints[0].method: \"PSOT\" is not an HTTP method; use one of: POST, PUT, PATCH, DELETE, GET, HEAD, OPTIONS"));
    }

    @Test
    void badPathTemplate() {
        assertThat(problems("endpoints:\n  - method: POST\n    path: orders\n"
                + "  - method: POST\n    path: /orders/{id\n"
                + "  - method: POST\n    path: /orders/x{id}\n"
                + "  - method: POST\n    path: //\n"))
                .containsExactly(
                        line("endpoints[0].path: \"orders\" is not a path template; it must start with /, like /orders/{id}"),
                        line("endpoints[1].path: \"/orders/{id\" is not a path template; braces must be balanced, like /orders/{id}"),
                        line("endpoints[2].path: \"/orders/x{id}\" is not a path template;"
                                + " a variable must be a whole named segment, like /orders/{id}"),
                        line("endpoints[3].path: \"//\" is not a path template;"
                                + " it has an empty segment (//), write one / between segments, like /orders/{id}"));
    }

    @Test
    void keyLengthsOutOfRangeOrCrossed() {
        assertThat(problems("defaults:\n  key-max-length: 300\n" + ORDERS)).containsExactly(line(
                "defaults.key-max-length: \"300\" is out of range; use a whole number from 1 to 255"));
        assertThat(problems(ORDERS + "    key-min-length: 20\n    key-max-length: 16\n")).containsExactly(line(
                "endpoints[0].key-min-length: \"20\" is greater than key-max-length (16); make it at most key-max-length"));
    }

    @Test
    void twoEndpointsMatchingTheSameRequests() {
        assertThat(problems("""
                endpoints:
                  - name: get-order
                    method: POST
                    path: /orders/{id}
                  - name: get-order-again
                    method: POST
                    path: /orders/{orderId}
                """)).containsExactly(line("endpoints[1].path: \"/orders/{orderId}\" matches the same POST requests as"
                + " endpoints[0] \"get-order\" (POST /orders/{id}); keep one of the two endpoints or change a method or path"));
    }

    @Test
    void endpointsWithoutPathNeverConflictByPath() throws Exception {
        AgentConfig config = files.load("agent.yaml", """
                endpoints:
                  - method: POST
                    resource-method: com.acme.OrderResource#create
                  - method: POST
                    resource-method: com.acme.OrderResource#createFromForm
                  - method: POST
                    path: /orders
                """);
        assertThat(config.endpoints()).hasSize(3);
    }

    @Test
    void theSameResourceMethodTwiceWithoutPath() {
        assertThat(problems("""
                endpoints:
                  - name: create
                    method: POST
                    resource-method: com.acme.OrderResource#create
                  - name: create-again
                    method: POST
                    resource-method: com.acme.OrderResource#create
                """)).containsExactly(line("endpoints[1].resource-method: \"com.acme.OrderResource#create\" is already"
                + " declared by endpoints[0]; declare each resource method once"));
    }

    @Test
    void sameTemplateWithAnotherMethodIsNoConflict() throws Exception {
        AgentConfig config = files.load("agent.yaml",
                "endpoints:\n  - method: POST\n    path: /orders/{id}\n  - method: PUT\n    path: /orders/{id}\n");
        assertThat(config.endpoints()).hasSize(2);
    }

    @Test
    void duplicateEndpointNames() {
        assertThat(problems("endpoints:\n  - name: create\n    method: POST\n    path: /a\n"
                + "  - name: create\n    method: POST\n    path: /b\n")).containsExactly(line(
                "endpoints[1].name: \"create\" is already the name of endpoints[0]; endpoint names must be unique"));
    }

    @Test
    void fileSinkWithoutFile() {
        assertThat(problems("logging:\n  sink: file\n" + ORDERS)).containsExactly(line(
                "logging.file: is required when logging.sink is file; e.g. file: ./logs/idempotency-attempts.jsonl"));
    }

    @Test
    void fileNotFoundOrDirectory() {
        Path missing = dir.resolve("missing.yaml");
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.load(missing));
        assertThat(e.getMessage()).isEqualTo(missing + ": file not found (a relative path starts from the working directory)");
        ConfigException onDir = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.load(dir));
        assertThat(onDir.getMessage()).isEqualTo(dir + ": is a directory; give the path of a .yaml, .yml or .json file");
    }

    @Test
    void unreadableFile() throws Exception {
        Path file = files.write("locked.yaml", ORDERS);
        if (!file.toFile().setReadable(false) || Files.isReadable(file)) {
            return; // running as root: every file is readable
        }
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.load(file));
        assertThat(e.getMessage()).isEqualTo(file + ": cannot be read: permission denied");
    }

    @Test
    void parseErrorsNameLineAndColumn() {
        assertThat(files.problems("agent.yaml", "service-name: orders\nendpoints:\n  - method: POST\n   path: x\n"))
                .containsExactly(files.line("agent.yaml", "line 4, column 4: not valid YAML: expected <block end>,"
                        + " but found '<block mapping start>' (while parsing a block collection that starts at line 3, column 3)"));
        assertThat(files.problems("agent.json", "{\"service-name\": \"orders\",\n  \"endpoints\": [}\n"))
                .containsExactly(files.line("agent.json",
                        "line 2, column 17: not valid JSON: Unexpected close marker '}': expected ']'"));
        assertThat(files.problems("agent.yaml", "ttl: 1h\nttl: 2h\n"))
                .containsExactly(files.line("agent.yaml", "line 2, column 4: not valid YAML: Duplicate field 'ttl'"));
    }

    @Test
    void emptyOrNonMappingFile() {
        assertThat(problems("\n# nothing here\n")).containsExactly(
                line("is empty; declare at least the endpoints to protect"));
        assertThat(problems("- just\n- a list\n")).containsExactly(
                line("must hold a mapping of fields at the top, like service-name, store and endpoints"));
    }


    @Test
    void leaseMustOutliveTheRenewInterval() {
        assertThat(problems("keeper:\n  renew-interval: 1m\n" + ORDERS + "    lease: 2m\n")).containsExactly(line(
                "defaults.lease: \"30s\" must be longer than keeper.renew-interval (1m),"
                        + " or live requests lose their claim between renewals"));
    }

    @Test
    void credentialsAreNeverLoggedNorReplayed() {
        assertThat(problems("logging:\n  header-allow-list: [User-Agent, Authorization]\n"
                + "defaults:\n  replay-headers: [Set-Cookie]\n  key-header: Idempotency Key\n" + ORDERS))
                .containsExactly(
                        line("logging.header-allow-list[1]: \"Authorization\" is never logged; remove it from header-allow-list"),
                        line("defaults.key-header: \"Idempotency Key\" is not a header name; use letters, digits and -,"
                                + " like Idempotency-Key"),
                        line("defaults.replay-headers[0]: \"Set-Cookie\" is never replayed; remove it from replay-headers"));
    }

    @Test
    void aRedisUrlWithItsPasswordInItIsRefusedWithoutRepeatingThePassword() {
        assertThat(problems("store:\n  url: redis://app:s3cret@cache:6379/0\n" + ORDERS))
                .containsExactly(line("store.url: \"redis://***@cache:6379/0\" store URL 'redis://cache:6379/0' "
                        + "carries credentials, which would reach logs; put them in store.user and store.password "
                        + "(which may be ${env:NAME})"));
    }

    @Test
    void replicasToWaitForApplyToARedisStoreOnly() {
        assertThat(problems("store:\n  url: jdbc:postgresql://db:5432/x\n  redis:\n    wait-replicas: 1\n" + ORDERS))
                .containsExactly(line("store.redis.wait-replicas: \"1\" applies to a Redis store (store.url: redis://...) "
                        + "only; remove it, or make store.url a redis:// URL"));
    }

    @Test
    void storeTableAndUrlAreChecked() {
        assertThat(problems("store:\n  url: postgres://db/x\n  table: records; drop table x\n" + ORDERS))
                .containsExactly(
                        line("store.url: \"postgres://db/x\" is not a store URL; use forms like"
                                + " jdbc:postgresql://host:5432/db, jdbc:mariadb://host:3306/db,"
                                + " jdbc:h2:file:./idempotency-store/agent, mvstore:./idempotency-store/agent or"
                                + " redis://host:6379/0"),
                        line("store.table: \"records; drop table x\" is not a table name; use up to 48 letters, digits"
                                + " and _ (not starting with a digit), optionally after a schema written the same way,"
                                + " like app.idempotency_record"));
    }

    @Test
    void badResourceMethodAndBoolean() {
        assertThat(problems(ORDERS + "    resource-method: com.acme.OrderResource.create\n    required: maybe\n"))
                .containsExactly(
                        line("endpoints[0].resource-method: \"com.acme.OrderResource.create\" is not a resource method;"
                                + " use the form com.acme.OrderResource#create"),
                        line("endpoints[0].required: \"maybe\" is not a boolean; use true or false"));
    }

    @Test
    void everyMistakeOfAFileIsReportedAtOnce() {
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLoader.load(files.write("agent.yaml", """
                on-config-error: disable
                servce-name: orders
                store:
                  password: ${env:DB_PASSWORD}
                defaults:
                  ttl: 24 hours
                endpoints:
                  - name: a
                    method: POST
                    path: /orders/{id}
                    statuses:
                      in-progress: 1000
                  - name: a
                    method: POST
                    path: /orders/{orderId}
                """), name -> null));

        assertThat(e.onConfigError()).isEqualTo(OnConfigError.DISABLE);
        assertThat(e.problems()).extracting(ConfigProblem::fieldPath).containsExactly(
                "servce-name", "store.password", "defaults.ttl", "endpoints[0].statuses.in-progress",
                "endpoints[1].path", "endpoints[1].name");
        assertThat(e.getMessage().split("\n")).containsExactly(
                line("servce-name: unknown field; did you mean \"service-name\"?"),
                line("store.password: ${env:DB_PASSWORD} is not set; export it or write ${env:DB_PASSWORD:-default}"),
                line("defaults.ttl: \"24 hours\" is not a duration; use forms like 30s, 15m, 24h"),
                line("endpoints[0].statuses.in-progress: \"1000\" is not an HTTP status; use a number from 100 to 599"),
                line("endpoints[1].path: \"/orders/{orderId}\" matches the same POST requests as endpoints[0] \"a\""
                        + " (POST /orders/{id}); keep one of the two endpoints or change a method or path"),
                line("endpoints[1].name: \"a\" is already the name of endpoints[0]; endpoint names must be unique"));
        ConfigProblem first = e.problems().get(0);
        assertThat(first.file()).isEqualTo(dir.resolve("agent.yaml").toString());
        assertThat(first.value()).isNull();
    }

    @Test
    void onConfigErrorIsFailWhenTheFileCannotBeRead() {
        ConfigException e = catchThrowableOfType(ConfigException.class,
                () -> ConfigLoader.load(files.write("agent.yaml", "on-config-error: disable\nendpoints: [\n")));
        assertThat(e.onConfigError()).isEqualTo(OnConfigError.FAIL);
    }
}
