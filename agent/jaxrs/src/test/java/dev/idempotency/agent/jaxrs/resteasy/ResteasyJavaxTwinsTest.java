package dev.idempotency.agent.jaxrs.resteasy;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.testing.ScriptedGate;
import dev.idempotency.agent.jaxrs.RecordingExecution;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The RESTEasy adapter's javax twins, as the agent jar carries them, on RESTEasy 3.15 and 4.7's own
 * request, response and context classes, each in a loader of its own (they share the runtime's
 * class names with RESTEasy 6 on this test's class path). Runs once the twins are built (package
 * phase); driven by reflection, since this test is compiled against RESTEasy 6.
 */
class ResteasyJavaxTwinsTest {

    private static final URI BASE = URI.create("http://localhost:8080/api/");

    /** A RESTEasy line, its twin and the names that differ between them. */
    enum Runtime {
        RESTEASY_3("resteasy3", "org.jboss.resteasy.core.ResourceInvoker", "org.jboss.resteasy.spi.ResteasyProviderFactory"),
        RESTEASY_4("resteasy4", "org.jboss.resteasy.spi.ResourceInvoker", "org.jboss.resteasy.core.ResteasyContext");

        final String name;
        final String invokerInterface;
        final String contextHolder;

        Runtime(String name, String invokerInterface, String contextHolder) {
            this.name = name;
            this.invokerInterface = invokerInterface;
            this.contextHolder = contextHolder;
        }
    }

    private final RecordingExecution execution = new RecordingExecution(1024);
    private final ScriptedGate gate = new ScriptedGate(ScriptedGate.Routing.RESOURCE_METHOD);

    @AfterEach
    void uninstall() {
        Bridge.install(null);
        assertThat(gate.adapterFailures()).as("failures of the adapter").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Runtime.class)
    void aClaimedRequestIsRoutedReadAheadCapturedAndFinishedWhenRestEasyReportsItWritten(Runtime runtime)
            throws Exception {
        Bridge.install(gate);
        gate.verdict = Verdict.proceed(execution, Map.of("Idempotency-Request-Id", List.of("req-1")));
        Twin twin = new Twin(runtime);
        Object request = twin.dispatched("orders/a%20b?currency=EUR", "{\"amount\":5}");
        Object response = twin.response();

        Object exchange = twin.begin(request, response);

        assertThat(twin.call(exchange, "answered")).isEqualTo(false);
        assertThat(gate.routed()).containsExactly("Orders#create POST /orders/a b");
        assertThat(gate.bodiesRead()).extracting(body -> new String(body, UTF_8)).containsExactly("{\"amount\":5}");
        assertThat(gate.queries()).containsExactly("currency=EUR");
        InputStream replayed = (InputStream) twin.call(request, "getInputStream");
        assertThat(new String(replayed.readAllBytes(), UTF_8)).isEqualTo("{\"amount\":5}");

        // what RESTEasy's response writer does for the resource method's answer
        twin.call(response, "setStatus", 201);
        twin.outputHeaders(response).put("Content-Type", new ArrayList<>(List.of("application/json")));
        OutputStream out = (OutputStream) twin.call(response, "getOutputStream");
        out.write("{\"id\":1}".getBytes(UTF_8));
        List<Throwable> callbacks = new ArrayList<>();
        twin.finishingWhenWritten(request, callbacks::add).accept(null);

        RecordingExecution.Outcome outcome = execution.only();
        assertThat(outcome.response.status()).isEqualTo(201);
        assertThat(outcome.response.body()).asString(UTF_8).isEqualTo("{\"id\":1}");
        assertThat(outcome.response.headers()).containsEntry("Content-Type", List.of("application/json"))
                .containsEntry("Idempotency-Request-Id", List.of("req-1"));
        assertThat(callbacks).containsExactly((Throwable) null);
        assertThat(twin.call(response, "getContentAsString")).isEqualTo("{\"id\":1}");
    }

    @ParameterizedTest
    @EnumSource(Runtime.class)
    void aReplayIsWrittenToTheResponseAndTheResourceMethodSkipped(Runtime runtime) throws Exception {
        Bridge.install(gate);
        gate.verdict = Verdict.respond(201, Map.of("Idempotent-Replayed", List.of("true")), "{\"id\":1}".getBytes(UTF_8), null);
        Twin twin = new Twin(runtime);
        Object response = twin.response();

        Object exchange = twin.begin(twin.dispatched("orders", "{}"), response);

        assertThat(twin.call(exchange, "answered")).isEqualTo(true);
        assertThat(twin.call(response, "getStatus")).isEqualTo(201);
        assertThat(twin.outputHeaders(response).get("Idempotent-Replayed")).isEqualTo(List.of("true"));
        assertThat(twin.call(response, "getContentAsString")).isEqualTo("{\"id\":1}");
    }

    /** One twin jar and its RESTEasy, in a loader that shares only the bridge (and the JDK) with this test. */
    private static final class Twin {
        private final Runtime runtime;
        private final ClassLoader loader;
        private final String adapterPackage;

        Twin(Runtime runtime) throws IOException {
            this.runtime = runtime;
            List<URL> urls = new ArrayList<>();
            urls.add(url(Paths.get(System.getProperty("twins.jar." + runtime.name))));
            try (Stream<Path> jars = Files.list(Paths.get(System.getProperty("twins.runtime." + runtime.name)))) {
                jars.sorted().forEach(jar -> urls.add(url(jar)));
            }
            this.loader = new URLClassLoader(urls.toArray(new URL[0]), new BridgeOnly());
            this.adapterPackage = "dev.idempotency.agent.jaxrs." + runtime.name + ".javax.";
        }

        /** A request as the dispatcher hands it on: its URI pushed into the request's context. */
        Object dispatched(String pathAndQuery, String body) throws Exception {
            Class<?> mock = loader.loadClass("org.jboss.resteasy.mock.MockHttpRequest");
            Object request = mock.getMethod("create", String.class, URI.class, URI.class)
                    .invoke(null, "POST", BASE.resolve(pathAndQuery), BASE);
            request = mock.getMethod("content", byte[].class).invoke(request, (Object) body.getBytes(UTF_8));
            Class<?> uriInfo = loader.loadClass("javax.ws.rs.core.UriInfo");
            loader.loadClass(runtime.contextHolder).getMethod("pushContext", Class.class, Object.class)
                    .invoke(null, uriInfo, call(request, "getUri"));
            return request;
        }

        Object response() throws Exception {
            return loader.loadClass("org.jboss.resteasy.mock.MockHttpResponse").getConstructor().newInstance();
        }

        Object begin(Object request, Object response) throws Exception {
            Method create = Orders.class.getMethod("create", String.class);
            Class<?> invokerType = loader.loadClass(runtime.invokerInterface);
            Object invoker = Proxy.newProxyInstance(loader, new Class<?>[] {invokerType}, (proxy, method, args) -> {
                if (method.getName().equals("getMethod")) {
                    return create;
                }
                throw new UnsupportedOperationException(method.getName());
            });
            Class<?> exchange = loader.loadClass(adapterPackage + "ResteasyExchange");
            return exchange.getMethod("begin", loader.loadClass("org.jboss.resteasy.spi.HttpRequest"),
                    loader.loadClass("org.jboss.resteasy.spi.HttpResponse"), invokerType).invoke(null, request, response, invoker);
        }

        @SuppressWarnings("unchecked")
        Consumer<Throwable> finishingWhenWritten(Object request, Consumer<Throwable> onComplete) throws Exception {
            Class<?> exchange = loader.loadClass(adapterPackage + "ResteasyExchange");
            return (Consumer<Throwable>) exchange.getMethod("finishingWhenWritten",
                    loader.loadClass("org.jboss.resteasy.spi.HttpRequest"), Consumer.class).invoke(null, request, onComplete);
        }

        @SuppressWarnings("unchecked")
        Map<String, List<Object>> outputHeaders(Object response) throws Exception {
            return (Map<String, List<Object>>) call(response, "getOutputHeaders");
        }

        Object call(Object target, String name, Object... args) throws Exception {
            for (Method method : target.getClass().getMethods()) {
                if (method.getName().equals(name) && method.getParameterCount() == args.length) {
                    method.setAccessible(true);
                    return method.invoke(target, args);
                }
            }
            throw new NoSuchMethodException(target.getClass().getName() + "." + name);
        }

        private static URL url(Path path) {
            try {
                return path.toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The boot loader's bridge, as the agent puts it there; everything else from the JDK alone. */
    private static final class BridgeOnly extends ClassLoader {
        BridgeOnly() {
            super(ClassLoader.getPlatformClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("dev.idempotency.agent.bootstrap.")) {
                return ResteasyJavaxTwinsTest.class.getClassLoader().loadClass(name);
            }
            return super.loadClass(name, resolve);
        }
    }

    public static final class Orders {
        public String create(String order) {
            return order;
        }
    }
}
