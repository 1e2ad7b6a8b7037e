package dev.idempotency.agent.tooling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.servlet.FilterChain;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import net.bytebuddy.dynamic.loading.ByteArrayClassLoader;
import org.junit.jupiter.api.Test;

/**
 * Jersey 1's {@code com.sun.jersey.spi.container.servlet.ServletContainer} from the real 1.19.4 jar:
 * a Java 6 class file, a servlet ({@code extends HttpServlet}) and a filter (a concrete
 * {@code doFilter}). The pre-filter lets it through to the servlet group, and the group's advice is
 * laid into its {@code doFilter} (the only entry method it declares; its servlet requests pass
 * {@code HttpServlet.service}) in a class file the JVM verifies.
 */
class Jersey1ServletContainerTest {

    private static final String SERVLET_CONTAINER = "com.sun.jersey.spi.container.servlet.ServletContainer";

    private final RecordingEvents events = new RecordingEvents();

    @Test
    void thePreFilterLetsItThroughToTheServletGroup() throws IOException {
        EntryPointCandidates candidates = EntryPointCandidates.of(InstrumentationCatalog.all(), Set.of(), events);
        byte[] bytes = classFile();
        assertThat((bytes[6] & 0xFF) << 8 | bytes[7] & 0xFF).as("class file major version").isEqualTo(50);

        assertThat(candidates.mayBeInstrumented(loader(), internalName(), bytes)).isTrue();
    }

    @Test
    void theServletGroupAdvisesItsDoFilter() throws Exception {
        InstrumentationGroup servlets = Groups.named("servlet-javax");
        AdviceRule rule = AdviceRule.ofAgentAdvice(servlets.typeMatcher(), servlets.classLoaderMatcher(),
                servlets.role(), List.of(new MethodAdvice(servlets.advice().get(0).methods(),
                        CountingAdvice.class.getName())), "servlet-javax");
        AdviceTransformer transformer = new AdviceTransformer(List.of(rule), events);

        byte[] advised = transformer.transform(loader(), internalName(), null, null, classFile());

        assertThat(events.failures()).isEmpty();
        assertThat(advised).isNotNull();
        assertThat(events.instrumented()).containsExactly(SERVLET_CONTAINER + " SERVLET");
        Class<?> type = Class.forName(SERVLET_CONTAINER, true,
                new ByteArrayClassLoader.ChildFirst(loader(), Map.of(SERVLET_CONTAINER, advised)));
        Object container = type.getConstructor().newInstance();
        int before = CountingAdvice.CALLS.get();
        // not initialised: the body fails, after the advice has run
        catchThrowable(() -> type.getMethod("doFilter", ServletRequest.class, ServletResponse.class, FilterChain.class)
                .invoke(container, stub(ServletRequest.class), stub(ServletResponse.class), stub(FilterChain.class)));
        assertThat(CountingAdvice.CALLS.get() - before).isEqualTo(1);
    }

    private static ClassLoader loader() {
        return Jersey1ServletContainerTest.class.getClassLoader();
    }

    private static String internalName() {
        return SERVLET_CONTAINER.replace('.', '/');
    }

    private static byte[] classFile() throws IOException {
        try (InputStream in = loader().getResourceAsStream(internalName() + ".class")) {
            return in.readAllBytes();
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T stub(Class<T> type) {
        return (T) Proxy.newProxyInstance(loader(), new Class<?>[] {type}, (proxy, method, args) -> {
            throw new UnsupportedOperationException(method.getName());
        });
    }
}
