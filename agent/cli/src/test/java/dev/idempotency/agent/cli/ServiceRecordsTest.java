package dev.idempotency.agent.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.management.FileStoreAccessMXBean;
import dev.idempotency.agent.metrics.MetricsRegistration;
import java.lang.reflect.Proxy;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.junit.jupiter.api.Test;

/** A command that reaches the file store of an agent of another version refuses before any call. */
class ServiceRecordsTest {

    private final MBeanServer server = MBeanServerFactory.newMBeanServer();
    private final ObjectName name = MetricsRegistration.fileStoreName();

    @Test
    void anAgentOfThisProtocolIsCalled() throws Exception {
        server.registerMBean(new StandardMBean(bean(FileStoreAccessMXBean.PROTOCOL), FileStoreAccessMXBean.class,
                true), name);

        assertThat(ServiceRecords.proxy(server, name, "refused").getStoreFile()).isEqualTo("/the/file");
    }

    @Test
    void anAgentOfAnotherProtocolIsRefusedBeforeAnyCall() throws Exception {
        server.registerMBean(new StandardMBean(bean(FileStoreAccessMXBean.PROTOCOL + 1), FileStoreAccessMXBean.class,
                true), name);

        assertThatThrownBy(() -> ServiceRecords.proxy(server, name, "refused")).isInstanceOf(CommandFailed.class)
                .hasMessage("refused: it offers its store in protocol " + (FileStoreAccessMXBean.PROTOCOL + 1)
                        + ", this command calls protocol " + FileStoreAccessMXBean.PROTOCOL + ". Nothing was read or "
                        + "changed; run the command of the agent jar the service runs.");
    }

    /** The bean as agents registered it when records crossed as bytes: no protocol. */
    @Test
    void anAgentWithoutAProtocolIsRefusedBeforeAnyCall() throws Exception {
        server.registerMBean(new Earlier(), name);

        assertThatThrownBy(() -> ServiceRecords.proxy(server, name, "refused")).isInstanceOf(CommandFailed.class)
                .hasMessageStartingWith("refused: it offers its store in protocol none, this command calls protocol "
                        + FileStoreAccessMXBean.PROTOCOL + ".");
    }

    /** A bean of {@code protocol} that answers its attributes only. */
    private static FileStoreAccessMXBean bean(int protocol) {
        return (FileStoreAccessMXBean) Proxy.newProxyInstance(FileStoreAccessMXBean.class.getClassLoader(),
                new Class<?>[] {FileStoreAccessMXBean.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getProtocol":
                            return protocol;
                        case "getStoreFile":
                            return "/the/file";
                        default:
                            throw new AssertionError("called " + method.getName());
                    }
                });
    }

    public interface EarlierMBean {
        String getStoreFile();

        byte[] find(String secret, String scope, String key);
    }

    public static final class Earlier implements EarlierMBean {
        @Override
        public String getStoreFile() {
            return "/the/file";
        }

        @Override
        public byte[] find(String secret, String scope, String key) {
            throw new AssertionError("called");
        }
    }
}
