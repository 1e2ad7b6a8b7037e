package dev.idempotency.agent.tooling;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import java.lang.reflect.Method;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Advice that fails is reported through the bridge, and the host's method runs on as if the agent
 * were absent, even where the bridge does not link. The advised classes are defined in loaders of
 * their own, so the JVM verifies the bytecode the handler writes.
 */
class AdviceFailureHandlerTest {

    /** Stands for a container's entry point. */
    public static class EntryPoint {
        public String service(String request) {
            return "served " + request;
        }
    }

    /** Advice whose adapter does not link: what a missing adapter class does on every request. */
    public static class BrokenAdvice {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            throw new NoClassDefFoundError("dev/idempotency/agent/servlet/javax/ServletExchange");
        }

        @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
        static void exit(@Advice.Return(readOnly = false) String result) {
            result = result + " and recorded";
            throw new IllegalStateException("exit advice broke after it changed the result");
        }
    }

    private final RecordingGate gate = new RecordingGate();

    @AfterEach
    void uninstall() {
        Bridge.install(null);
    }

    @Test
    void aFailingAdviceIsReportedAndTheMethodRunsOn() throws Exception {
        Bridge.install(gate);
        Object entryPoint = advised(AdviceFailureHandlerTest.class.getClassLoader());

        for (int i = 0; i < 2; i++) {
            assertThat(service(entryPoint, "order")).isEqualTo("served order and recorded");
        }

        String where = "servlet-javax advice in " + EntryPoint.class.getName();
        assertThat(gate.failures).containsExactly(
                where + ": java.lang.NoClassDefFoundError: dev/idempotency/agent/servlet/javax/ServletExchange",
                where + ": java.lang.IllegalStateException: exit advice broke after it changed the result",
                where + ": java.lang.NoClassDefFoundError: dev/idempotency/agent/servlet/javax/ServletExchange",
                where + ": java.lang.IllegalStateException: exit advice broke after it changed the result");
    }

    @Test
    void withoutAGateTheFailureIsDroppedAndTheMethodRunsOn() throws Exception {
        Object entryPoint = advised(AdviceFailureHandlerTest.class.getClassLoader());

        assertThat(service(entryPoint, "order")).isEqualTo("served order and recorded");
    }

    @Test
    void whereTheBridgeDoesNotLinkTheMethodRunsOn() throws Exception {
        Bridge.install(gate);
        // The platform loader sees the JDK only: the handler's call to the bridge fails to link there.
        Object entryPoint = advised(ClassLoader.getPlatformClassLoader());

        assertThat(service(entryPoint, "order")).isEqualTo("served order and recorded");
        assertThat(gate.failures).isEmpty();
    }

    private static Object advised(ClassLoader parent) throws Exception {
        Class<?> type = new ByteBuddy()
                .redefine(EntryPoint.class)
                .visit(Advice.to(BrokenAdvice.class)
                        .withExceptionHandler(AdviceFailureHandler.reportingFor("servlet-javax"))
                        .on(named("service")))
                .make()
                .load(parent, ClassLoadingStrategy.Default.CHILD_FIRST)
                .getLoaded();
        assertThat(type.getClassLoader()).isNotSameAs(EntryPoint.class.getClassLoader());
        return type.getConstructor().newInstance();
    }

    private static String service(Object entryPoint, String request) throws Exception {
        Method service = entryPoint.getClass().getMethod("service", String.class);
        return (String) service.invoke(entryPoint, request);
    }

    private static final class RecordingGate implements Gate {
        final List<String> failures = new CopyOnWriteArrayList<>();

        @Override
        public Route route(String method, String contextPath, String path) {
            return null;
        }

        @Override
        public Route routeBelowDispatcher(String method, String path, String jaxrsPath, String unseenRuntime) {
            return null;
        }

        @Override
        public Route routeResourceMethod(Class<?> resourceClass, Method resourceMethod, String method, String path) {
            return null;
        }

        @Override
        public Verdict begin(Route route, RequestView request) {
            return null;
        }

        @Override
        public void adapterFailure(String adapter, Throwable failure) {
            failures.add(adapter + ": " + failure);
        }
    }
}
