package dev.idempotency.agent.servlet.javax;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Bridge;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An embedded Tomcat 9 on a free port whose one servlet runs the test's application behind the
 * servlet adapter, called as the advice inlined into {@code service} calls it: the application
 * gets Tomcat's own request and response wrapped by the adapter, and a client on a socket gets
 * what Tomcat sends. Registered as an extension, it serves a test class's tests with a
 * {@link RecordingGate} on the bridge, set back before each test; a test fails if the adapter
 * reported a failure of its own.
 */
final class AdvisedTomcat implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    /** What the servlet does with the request and response it is given. */
    interface Application {
        void serve(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException;
    }

    /**
     * Tomcat's own logging says each start and stop, and warns of leak checks a test JVM does not
     * open to it; only its errors matter here.
     */
    private static final Logger TOMCAT_LOGGING = Logger.getLogger("org.apache");

    final RecordingGate gate = new RecordingGate();
    private Tomcat tomcat;
    private Path baseDir;
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private volatile Application application = (request, response) -> { };
    /** Completes once the advised {@code service} call of the latest request has returned. */
    private volatile CompletableFuture<Void> serviceReturned = new CompletableFuture<>();

    @Override
    public void beforeAll(ExtensionContext test) throws IOException, LifecycleException {
        TOMCAT_LOGGING.setLevel(Level.SEVERE);
        baseDir = Files.createTempDirectory("advised-tomcat");
        tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        tomcat.setPort(0);
        Context context = tomcat.addContext("", baseDir.toString());
        Wrapper servlet = Tomcat.addServlet(context, "application", new AdvisedServlet());
        servlet.setAsyncSupported(true);
        context.addServletMappingDecoded("/*", "application");
        tomcat.getConnector();
        tomcat.start();
        Bridge.install(gate);
    }

    @Override
    public void beforeEach(ExtensionContext test) {
        gate.reset();
    }

    @Override
    public void afterEach(ExtensionContext test) {
        assertThat(gate.adapterFailures()).as("failures of the adapter").isEmpty();
    }

    /** The application the next requests reach. */
    void serve(Application application) {
        this.serviceReturned = new CompletableFuture<>();
        this.application = application;
    }

    CompletableFuture<Void> serviceReturned() {
        return serviceReturned;
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + pathAndQuery);
    }

    HttpRequest.Builder request(String pathAndQuery) {
        return HttpRequest.newBuilder(uri(pathAndQuery)).timeout(Duration.ofSeconds(20));
    }

    HttpResponse<byte[]> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Override
    public void afterAll(ExtensionContext test) throws LifecycleException, IOException {
        Bridge.install(null);
        tomcat.stop();
        tomcat.destroy();
        try (var files = Files.walk(baseDir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    /** The servlet with the advice's calls written out: begin, the swapped request and response, end. */
    private final class AdvisedServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        public void service(ServletRequest request, ServletResponse response) throws ServletException, IOException {
            CompletableFuture<Void> returned = serviceReturned;
            ServletExchange exchange = ServletExchange.begin(request, response, getClass());
            if (exchange != null && exchange.answered()) {
                returned.complete(null);
                return;
            }
            Throwable thrown = null;
            try {
                ServletRequest seen = exchange == null ? request : exchange.request(request);
                ServletResponse answered = exchange == null ? response : exchange.response(response);
                application.serve((HttpServletRequest) seen, (HttpServletResponse) answered);
            } catch (IOException | ServletException | RuntimeException | Error failure) {
                thrown = failure;
                throw failure;
            } finally {
                if (exchange != null) {
                    exchange.end(thrown);
                }
                returned.complete(null);
            }
        }
    }
}
