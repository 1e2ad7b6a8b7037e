package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.management.FileStoreAccessMXBean;
import dev.idempotency.agent.management.RecordData;
import dev.idempotency.agent.management.ResponseData;
import dev.idempotency.agent.metrics.MetricsRegistration;
import dev.idempotency.agent.store.ClaimRequest;
import dev.idempotency.agent.store.ClaimResult;
import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.mvstore.FileStores;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.management.JMException;
import javax.management.JMX;
import javax.management.MBeanOperationInfo;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.openmbean.CompositeType;
import javax.management.openmbean.OpenType;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The file store as the operator's commands reach it in a running service: the store's own
 * methods behind the note's secret, registered on an MBean server and called through an MXBean
 * proxy over a JMX connector (RMI on a free port of the loopback), so records, responses and
 * exceptions cross as they do between two JVMs.
 */
class FileStoreAccessTest {

    private static final String SECRET = "s3cret";

    @TempDir
    Path directory;

    private final MBeanServer server = MBeanServerFactory.newMBeanServer();
    private JMXConnectorServer connectorServer;
    private JMXConnector connector;

    @AfterEach
    void stopConnector() throws IOException {
        if (connector != null) {
            connector.close();
        }
        if (connectorServer != null) {
            connectorServer.stop();
        }
    }

    @Test
    void theCommandsCallsRunOnTheStoreAndItsRecordsComeBackWhole() throws Exception {
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl("mvstore:" + directory.resolve("agent")))) {
            FileStoreAccessMXBean access = access(store, true);
            ClaimResult claimed = store.claim(claim("k1"));
            long token = claimed.record().fencingToken();

            StoredRecord claim = access.find(SECRET, "acme", "k1").stored();
            assertThat(claim.state()).isEqualTo(RecordState.IN_PROGRESS);
            assertThat(claim.fencingToken()).isEqualTo(token);
            assertThat(claim.owner()).isEqualTo("owner-1");
            assertThat(claim.leaseExpired()).isFalse();
            assertThat(claim.leaseUntil()).isEqualTo(claimed.record().leaseUntil());
            assertThat(claim.response()).isNull();
            assertThat(access.find(SECRET, "acme", "nobody")).isNull();
            assertThat(access.list(SECRET, RecordState.IN_PROGRESS, 0, 10)).extracting(RecordData::getKey)
                    .containsExactly("k1");
            assertThat(access.list(SECRET, RecordState.COMPLETED, 0, 10)).isEmpty();

            ResponseData answer = ResponseData.of(answer());
            assertThat(access.resolveComplete(SECRET, "acme", "k1", token, answer, 60_000, false))
                    .as("a live lease without force").isFalse();
            assertThat(access.resolveComplete(SECRET, "acme", "k1", token + 1, answer, 60_000, true))
                    .as("another token").isFalse();
            assertThat(access.resolveComplete(SECRET, "acme", "k1", token, answer, 60_000, true)).isTrue();

            StoredRecord completed = store.find("acme", "k1").orElseThrow();
            assertThat(completed.state()).isEqualTo(RecordState.COMPLETED);
            assertThat(completed.response().status()).isEqualTo(201);
            assertThat(completed.response().headers()).containsExactlyEntriesOf(answer().headers());
            assertThat(new String(completed.response().body())).isEqualTo("{\"id\":7}");
            assertThat(completed.response().bodyRetained()).isTrue();
            StoredRecord read = access.find(SECRET, "acme", "k1").stored();
            assertThat(read.response().headers()).containsExactlyEntriesOf(completed.response().headers());
            assertThat(read.response().body()).isEqualTo(completed.response().body());
            assertThat(read.response().bodyRetained()).isTrue();
            assertThat(read.expiresAt()).isEqualTo(completed.expiresAt());
            assertThat(read.completedAt()).isEqualTo(completed.completedAt()).isNotNull();
            assertThat(read.createdAt()).isEqualTo(completed.createdAt());
            assertThat(read.firstRequestId()).isEqualTo(completed.firstRequestId()).isEqualTo("r-k1");
            assertThat(read.attempts()).isEqualTo(completed.attempts());
            assertThat(read.endpoint()).isEqualTo("create-order");
            assertThat(read.fingerprint()).isEqualTo("f");

            long second = store.claim(claim("k2")).record().fencingToken();
            assertThat(access.resolveRelease(SECRET, "acme", "k2", second, true)).isTrue();
            assertThat(store.find("acme", "k2")).isEmpty();
            assertThat(access.countExpired(SECRET)).isZero();
            assertThat(access.purgeExpired(SECRET, 10)).isZero();
            assertThat(access.getStoreFile()).isEqualTo("/the/file");
            assertThat(access.getProtocol()).isEqualTo(FileStoreAccessMXBean.PROTOCOL);
        }
    }

    @Test
    void aCallWithoutTheNotesSecretIsRefusedAndChangesNothing() throws Exception {
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl("mvstore:" + directory.resolve("agent")))) {
            FileStoreAccessMXBean access = access(store, true);
            long token = store.claim(claim("k1")).record().fencingToken();

            assertThatThrownBy(() -> access.resolveRelease("guess", "acme", "k1", token, true))
                    .isInstanceOf(SecurityException.class).hasMessageContaining("not the secret of the note beside")
                    .hasMessageNotContaining("once the store is open");
            assertThatThrownBy(() -> access.resolveRelease(null, "acme", "k1", token, true))
                    .isInstanceOf(SecurityException.class);
            assertThatThrownBy(() -> access.list("", RecordState.IN_PROGRESS, 0, 10))
                    .isInstanceOf(SecurityException.class);
            assertThat(store.find("acme", "k1")).isPresent();
        }
    }

    @Test
    void beforeTheNoteIsWrittenEveryCallIsRefused() throws Exception {
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl("mvstore:" + directory.resolve("agent")))) {
            FileStoreAccessMXBean access = access(store, false);

            assertThatThrownBy(() -> access.countExpired(SECRET)).isInstanceOf(SecurityException.class)
                    .hasMessageContaining("the note is written once the store is open");
            assertThatThrownBy(() -> access.countExpired(null)).isInstanceOf(SecurityException.class);
        }
    }

    @Test
    void aStoreThatIsClosedIsSaidAsUnavailable() throws Exception {
        IdempotencyStore store = FileStores.open(StoreSettings.forUrl("mvstore:" + directory.resolve("agent")));
        FileStoreAccessMXBean access = access(store, true);
        store.close();

        assertThatThrownBy(() -> access.purgeExpired(SECRET, 10)).isInstanceOf(IOException.class)
                .hasMessageContaining("closed");
    }

    /**
     * What crosses is fixed for a protocol: a command checks the agent's protocol, not each item,
     * so a change to these open types must come with a new {@link FileStoreAccessMXBean#PROTOCOL}
     * (and then a new expectation here).
     */
    @Test
    void theOpenTypesThatCrossAreThoseOfTheProtocol() throws Exception {
        try (IdempotencyStore store = FileStores.open(StoreSettings.forUrl("mvstore:" + directory.resolve("agent")))) {
            access(store, true);
            Map<String, String> operations = new TreeMap<>();
            for (MBeanOperationInfo operation : server.getMBeanInfo(MetricsRegistration.fileStoreName())
                    .getOperations()) {
                operations.put(operation.getName(), Arrays.stream(operation.getSignature())
                        .map(parameter -> parameter.getType()).reduce((a, b) -> a + "," + b).orElse("") + " -> "
                        + operation.getReturnType());
            }
            String text = "java.lang.String";
            String composite = "javax.management.openmbean.CompositeData";
            assertThat(operations).as("protocol " + FileStoreAccessMXBean.PROTOCOL).isEqualTo(Map.of(
                    "countExpired", text + " -> int",
                    "find", text + "," + text + "," + text + " -> " + composite,
                    "list", text + "," + text + ",long,int -> [L" + composite + ";",
                    "purgeExpired", text + ",int -> int",
                    "resolveComplete", text + "," + text + "," + text + ",long," + composite + ",long,boolean -> boolean",
                    "resolveRelease", text + "," + text + "," + text + ",long,boolean -> boolean"));

            CompositeType record = (CompositeType) openType("find");
            assertThat(record.keySet()).as("protocol " + FileStoreAccessMXBean.PROTOCOL).containsExactlyInAnyOrder(
                    "scope", "key", "endpoint", "fingerprint", "state", "owner", "fencingToken", "leaseUntil",
                    "leaseExpired", "attempts", "firstRequestId", "response", "createdAt", "completedAt", "expiresAt");
            assertThat(((CompositeType) record.getType("response")).keySet())
                    .as("protocol " + FileStoreAccessMXBean.PROTOCOL)
                    .containsExactlyInAnyOrder("status", "headers", "body", "bodyRetained");
            assertThat(record.getType("leaseUntil").getClassName()).isEqualTo("java.util.Date");
            assertThat(record.getType("state").getClassName()).isEqualTo(text);
        }
    }

    private OpenType<?> openType(String operation) throws JMException {
        for (MBeanOperationInfo info : server.getMBeanInfo(MetricsRegistration.fileStoreName()).getOperations()) {
            if (info.getName().equals(operation)) {
                return (OpenType<?>) info.getDescriptor().getFieldValue("openType");
            }
        }
        throw new AssertionError("no operation " + operation);
    }

    /** The store's access registered on the server, as the commands call it over a connector. */
    private FileStoreAccessMXBean access(IdempotencyStore store, boolean noteWritten) throws Exception {
        FileStoreAccess access = new FileStoreAccess(store, "/the/file");
        if (noteWritten) {
            access.allow(SECRET);
        }
        server.registerMBean(access, MetricsRegistration.fileStoreName());
        connectorServer = JMXConnectorServerFactory.newJMXConnectorServer(
                new JMXServiceURL("service:jmx:rmi://127.0.0.1"), null, server);
        connectorServer.start();
        connector = JMXConnectorFactory.connect(connectorServer.getAddress());
        return JMX.newMXBeanProxy(connector.getMBeanServerConnection(), MetricsRegistration.fileStoreName(),
                FileStoreAccessMXBean.class);
    }

    private static ClaimRequest claim(String key) {
        return new ClaimRequest("acme", key, "create-order", "f", "owner-1", "r-" + key, Duration.ofMinutes(1),
                Duration.ofHours(1));
    }

    private static StoredResponse answer() {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("Location", List.of("/orders/7"));
        headers.put("Set-Cookie", List.of("a=1", "b=2"));
        headers.put("X-Trace", List.of("z"));
        return new StoredResponse(201, headers, "{\"id\":7}".getBytes(), true);
    }
}
