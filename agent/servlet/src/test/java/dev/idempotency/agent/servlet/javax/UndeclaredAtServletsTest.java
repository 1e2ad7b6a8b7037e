package dev.idempotency.agent.servlet.javax;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.testing.ScriptedGate;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.servlet.DispatcherType;
import javax.servlet.ServletContext;
import javax.servlet.ServletRegistration;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the servlet adapter tells the gate of undeclared requests: each once, however many filters
 * and servlets it passes, and none a JAX-RS dispatcher servlet takes whose resource methods the
 * JAX-RS adapter tells by name; a plain servlet beside such a dispatcher is still told.
 */
class UndeclaredAtServletsTest {

    private static final String JERSEY = "org.glassfish.jersey.servlet.ServletContainer";
    private static final String JERSEY_1 = "com.sun.jersey.spi.container.servlet.ServletContainer";

    private final ScriptedGate gate = new ScriptedGate(ScriptedGate.Routing.values());

    @BeforeEach
    void install() {
        gate.route = null;
        Bridge.install(gate);
    }

    @AfterEach
    void uninstall() {
        Bridge.install(null);
        assertThat(gate.begun()).as("nothing is declared").isEmpty();
        assertThat(gate.adapterFailures()).as("failures of the adapter").isEmpty();
    }

    @Test
    void aRequestPassingFiltersAndAServletIsToldOnce() {
        HttpServletRequest request = request(context(Map.of("orders", "com.acme.OrdersServlet"), Map.of("orders", "/orders")),
                "/orders", null);

        ServletExchange.begin(request, response(), getClass());
        ServletExchange.begin(request, response(), getClass());
        ServletExchange.begin(request, response(), getClass());

        assertThat(gate.undeclared()).containsExactly("POST /orders");
    }

    @Test
    void aRequestAJerseyDispatcherTakesIsLeftToTheJaxrsAdapterWhateverItsMapping() {
        ServletContext below = context(Map.of("jersey", JERSEY), Map.of("jersey", "/api/*"));
        ServletContext atRoot = context(Map.of("jersey", JERSEY), Map.of("jersey", "/*"));

        ServletExchange.begin(request(below, "/api", "/orders"), response(), getClass());
        ServletExchange.begin(request(atRoot, "", "/orders"), response(), getClass());

        assertThat(gate.undeclared()).isEmpty();
    }

    @Test
    void aServletBesideADispatcherAndADispatcherNoJaxrsAdapterSeesAreTold() {
        ServletContext context = context(Map.of("jersey", JERSEY, "upload", "com.acme.UploadServlet", "legacy", JERSEY_1),
                Map.of("jersey", "/api/*", "upload", "/upload", "legacy", "/v1/*"));

        ServletExchange.begin(request(context, "/upload", null), response(), getClass());
        ServletExchange.begin(request(context, "/v1", "/orders"), response(), getClass());

        assertThat(gate.undeclared()).containsExactly("POST /upload", "POST /v1/orders");
    }

    private static ServletContext context(Map<String, String> classes, Map<String, String> mappings) {
        Map<String, ServletRegistration> registrations = new HashMap<>();
        classes.forEach((name, className) -> registrations.put(name, (ServletRegistration) Proxy.newProxyInstance(
                UndeclaredAtServletsTest.class.getClassLoader(), new Class<?>[] {ServletRegistration.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getClassName" -> className;
                    case "getMappings" -> Set.of(mappings.get(name));
                    default -> null;
                })));
        return (ServletContext) Proxy.newProxyInstance(UndeclaredAtServletsTest.class.getClassLoader(),
                new Class<?>[] {ServletContext.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getServletRegistrations" -> registrations;
                    case "getClassLoader" -> UndeclaredAtServletsTest.class.getClassLoader();
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> null;
                });
    }

    private static HttpServletRequest request(ServletContext context, String servletPath, String pathInfo) {
        Map<String, Object> attributes = new HashMap<>();
        return (HttpServletRequest) Proxy.newProxyInstance(UndeclaredAtServletsTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getDispatcherType" -> DispatcherType.REQUEST;
                    case "getMethod" -> "POST";
                    case "getServletPath" -> servletPath;
                    case "getPathInfo" -> pathInfo;
                    case "getContextPath" -> "";
                    case "getServletContext" -> context;
                    case "getAttribute" -> attributes.get((String) args[0]);
                    case "setAttribute" -> attributes.put((String) args[0], args[1]);
                    case "getHeaders" -> Collections.emptyEnumeration();
                    default -> null;
                });
    }

    private static HttpServletResponse response() {
        return (HttpServletResponse) Proxy.newProxyInstance(UndeclaredAtServletsTest.class.getClassLoader(),
                new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> null);
    }
}
