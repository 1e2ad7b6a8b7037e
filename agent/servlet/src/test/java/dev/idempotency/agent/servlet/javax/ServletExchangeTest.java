package dev.idempotency.agent.servlet.javax;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Bridge;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.servlet.DispatcherType;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * When the servlet exchange reports its outcome: at the application's close (the container's, when
 * a forward returns) before the container closes, once; not at a close from inside an include.
 */
class ServletExchangeTest {

    private final List<String> calls = new ArrayList<>();
    private final Map<String, Object> attributes = new HashMap<>();
    private DispatcherType dispatcherType = DispatcherType.REQUEST;

    private final RecordingGate gate = new RecordingGate();

    @BeforeEach
    void install() {
        gate.readsBody = false;
        gate.captureLimit = 1024;
        gate.atFinish = () -> calls.add("finished");
        Bridge.install(gate);
    }

    @AfterEach
    void uninstall() {
        Bridge.install(null);
    }

    @Test
    void theApplicationsCloseReportsTheOutcomeBeforeTheContainerClosesAndOnlyOnce() {
        ServletExchange exchange = ServletExchange.begin(request(), response(), getClass());
        PrintWriter writer = writerOf(exchange);

        writer.write("{}");
        writer.close();
        exchange.end(null);

        assertThat(calls).containsExactly("write {}", "finished", "close");
        assertThat(gate.only().response.status()).isEqualTo(201);
        assertThat(gate.only().response.body()).asString(StandardCharsets.UTF_8).isEqualTo("{}");
    }

    @Test
    void aCloseFromInsideAnIncludeLeavesTheOutcomeToTheIncludingResource() {
        ServletExchange exchange = ServletExchange.begin(request(), response(), getClass());
        PrintWriter writer = writerOf(exchange);
        writer.write("header ");

        dispatcherType = DispatcherType.INCLUDE;
        writer.write("included");
        writer.close();
        dispatcherType = DispatcherType.REQUEST;
        writer.write(" footer");
        exchange.end(null);

        assertThat(calls).containsExactly("write header ", "write included", "close", "write  footer", "finished");
        assertThat(gate.only().response.body()).asString(StandardCharsets.UTF_8).isEqualTo("header included footer");
    }

    private PrintWriter writerOf(ServletExchange exchange) {
        try {
            return exchange.response(null).getWriter();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private HttpServletRequest request() {
        return (HttpServletRequest) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getDispatcherType":
                            return dispatcherType;
                        case "getMethod":
                            return "POST";
                        case "getServletPath":
                            return "/orders";
                        case "getContextPath":
                            return "";
                        case "getAttribute":
                            return attributes.get((String) args[0]);
                        case "setAttribute":
                            attributes.put((String) args[0], args[1]);
                            return null;
                        case "getHeaders":
                            return Collections.emptyEnumeration();
                        case "getContentLength":
                            return -1;
                        case "isAsyncStarted":
                            return false;
                        default:
                            return null;
                    }
                });
    }

    /** The container's response: a writer whose close only records, so writes after it still show. */
    private HttpServletResponse response() {
        PrintWriter writer = new PrintWriter(new StringWriter()) {
            @Override
            public void write(String text, int offset, int length) {
                calls.add("write " + text.substring(offset, offset + length));
            }

            @Override
            public void close() {
                calls.add("close");
            }
        };
        return (HttpServletResponse) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getWriter":
                            return writer;
                        case "getCharacterEncoding":
                            return "UTF-8";
                        case "getStatus":
                            return 201;
                        case "isCommitted":
                            return false;
                        case "getHeaderNames":
                            return List.of();
                        default:
                            return null;
                    }
                });
    }

    @Test
    void theAdapterIsNamedByItsInstrumentationGroup() {
        assertThat(new ServletHost(null, null, null, null).adapter()).isEqualTo("servlet-javax adapter");
        assertThat(new ServletHost(null, null, null, new Object()).adapter()).as("at a CXF destination")
                .isEqualTo("cxf-javax adapter");
    }
}
