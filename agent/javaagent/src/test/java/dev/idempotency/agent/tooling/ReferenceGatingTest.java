package dev.idempotency.agent.tooling;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.tooling.references.AdapterReference;
import dev.idempotency.agent.tooling.references.AdapterReferences;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Set;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.implementation.StubMethod;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.matcher.ElementMatcher;
import org.junit.jupiter.api.Test;

/**
 * The servlet-javax group is applied only in a loader whose servlet API has all its adapter uses:
 * in a Servlet 2.5 loader its servlets are left exactly as they are and one warning says why; in a
 * Servlet 3.0 loader (which lacks what only Servlet 3.1 containers call) they are advised. The
 * loaders hold the real API jars.
 */
class ReferenceGatingTest {

    private final RecordingEvents events = new RecordingEvents();

    @Test
    void aServlet25LoaderKeepsItsServletsAsTheyAreAndIsWarnedOfOnce() throws Exception {
        HostApiLoader servlet25 = HostApiLoader.of("servlet-2.5.jar");
        AdviceTransformer transformer = servletJavaxTransformer();

        byte[] first = transformer.transform(servlet25, "app/FirstServlet", null, null, servlet(servlet25, "app.FirstServlet"));
        byte[] second = transformer.transform(servlet25, "app/SecondServlet", null, null, servlet(servlet25, "app.SecondServlet"));

        assertThat(first).isNull();
        assertThat(second).isNull();
        assertThat(events.instrumented()).isEmpty();
        assertThat(events.failures()).singleElement().asString()
                .startsWith("servlet-javax is not applied in " + servlet25 + ": it supports Servlet 3.0 to 4.0 (javax.servlet), "
                        + "and this loader lacks ")
                .contains("javax.servlet.AsyncContext")
                .matches(".* and \\d+ more; the requests it would protect there run UNPROTECTED");
        assertThat(definedInLoader(servlet25, "dev.idempotency.agent.servlet.javax.ServletExchange"))
                .as("the adapter is not defined where it would not link").isFalse();
    }

    @Test
    void aServlet30LoaderHasItsServletsAdvisedWithoutTheServlet31Overrides() throws Exception {
        HostApiLoader servlet30 = HostApiLoader.of("servlet-3.0.1.jar");
        AdviceTransformer transformer = new AdviceTransformer(
                List.of(AdviceRule.of(new WithMarkingAdvice(Groups.named("servlet-javax")), ClassDefiner.open(null))), events);

        byte[] advised = transformer.transform(servlet30, "app/HelloServlet", null, null, servlet(servlet30, "app.HelloServlet"));

        assertThat(events.failures()).isEmpty();
        assertThat(advised).isNotNull();
        assertThat(events.instrumented()).containsExactly("app.HelloServlet SERVLET");
        assertThat(definedInLoader(servlet30, "dev.idempotency.agent.servlet.javax.ServletExchange"))
                .as("the adapter is defined beside the servlet").isTrue();
        Class<?> servlet = servlet30.define("app.HelloServlet", advised);
        Method service = servlet.getMethod("service", Class.forName("javax.servlet.ServletRequest", false, servlet30),
                Class.forName("javax.servlet.ServletResponse", false, servlet30));
        assertThatThrownBy(() -> service.invoke(servlet.getConstructor().newInstance(), null, null))
                .hasRootCauseMessage(MarkingAdvice.MARK);
    }

    @Test
    void theServlet31OverridesAreWhatServlet30Lacks() throws Exception {
        AdapterReferences references = AdapterReferences.of(NestedJar.open("servlet-javax.jar").classes());
        TypeDescriptionCache pools = new TypeDescriptionCache();
        HostApiLoader servlet30 = HostApiLoader.of("servlet-3.0.1.jar");

        assertThat(references.all()).extracting(AdapterReference::describe).contains(
                "javax.servlet.ReadListener", "javax.servlet.WriteListener",
                "javax.servlet.ServletOutputStream.setWriteListener(javax.servlet.WriteListener)");
        assertThat(references.missingIn(pools.typePool(
                TypeDescriptionCache.LOCATION_STRATEGY.classFileLocator(servlet30, null), servlet30))).isEmpty();
    }

    @Test
    void theCheckNeverAsksTheLoaderForTheBridgeSoALoaderThatRemembersAbsenceStillTakesTheAdapter() throws Exception {
        HostApiLoader remembering = HostApiLoader.rememberingAbsence("servlet-3.0.1.jar");
        AdviceTransformer transformer = new AdviceTransformer(
                List.of(AdviceRule.of(new WithMarkingAdvice(Groups.named("servlet-javax")), ClassDefiner.open(null))), events);

        byte[] advised = transformer.transform(remembering, "app/HelloServlet", null, null, servlet(remembering, "app.HelloServlet"));

        assertThat(events.failures()).isEmpty();
        assertThat(advised).isNotNull();
        assertThat(events.instrumented()).containsExactly("app.HelloServlet SERVLET");
        assertThat(definedInLoader(remembering, "dev.idempotency.agent.servlet.javax.ServletRequestView"))
                .as("the adapter class that extends the bridge's HostRequestView is defined beside the servlet").isTrue();
    }

    @Test
    void aClassWhoseSuperclassTheLoaderLacksIsPassedOverWithoutAWarning() throws Exception {
        HostApiLoader servlet30 = HostApiLoader.of("servlet-3.0.1.jar");
        AdviceTransformer transformer = servletJavaxTransformer();
        ClassWriter writer = new ClassWriter(0);
        writer.visit(Opcodes.V11, Opcodes.ACC_PUBLIC, "org/apache/cxf/Orphan", null, "org/apache/cxf/NotInThisLoader",
                new String[] {"java/io/Serializable"});
        writer.visitEnd();
        byte[] orphan = writer.toByteArray();

        byte[] result = transformer.transform(servlet30, "org/apache/cxf/Orphan", null, null, orphan);

        assertThat(result).isNull();
        assertThat(events.instrumented()).isEmpty();
        assertThat(events.failures()).isEmpty();
    }

    /**
     * Marks each advised call by failing it. The group's own advice is read with the relocated Byte
     * Buddy's annotations, which only the packaged agent has; its adapter, references and gate are
     * the group's.
     */
    public static class MarkingAdvice {
        static final String MARK = "advised";

        @Advice.OnMethodEnter
        static void enter() {
            throw new IllegalStateException(MARK);
        }
    }

    /** The servlet-javax group, with {@link MarkingAdvice} for its own. */
    private static final class WithMarkingAdvice implements InstrumentationGroup {
        private final InstrumentationGroup group;

        WithMarkingAdvice(InstrumentationGroup group) {
            this.group = group;
        }

        @Override
        public List<MethodAdvice> advice() {
            return List.of(new MethodAdvice(named("service"), MarkingAdvice.class.getName()));
        }

        @Override
        public String group() {
            return group.group();
        }

        @Override
        public String supports() {
            return group.supports();
        }

        @Override
        public GroupRole role() {
            return group.role();
        }

        @Override
        public Set<String> classNames() {
            return group.classNames();
        }

        @Override
        public Set<String> entryInterfaces() {
            return group.entryInterfaces();
        }

        @Override
        public ElementMatcher<ClassLoader> classLoaderMatcher() {
            return group.classLoaderMatcher();
        }

        @Override
        public ElementMatcher<? super TypeDescription> typeMatcher() {
            return group.typeMatcher();
        }

        @Override
        public String adapterJar() {
            return group.adapterJar();
        }
    }

    private AdviceTransformer servletJavaxTransformer() throws Exception {
        // the surefire argLine opens java.lang, which the agent opens through Instrumentation
        ClassDefiner definer = ClassDefiner.open(null);
        return new AdviceTransformer(List.of(AdviceRule.of(Groups.named("servlet-javax"), definer)), events);
    }

    /** A servlet compiled against the loader's own API: a {@code GenericServlet} whose service does nothing. */
    private static byte[] servlet(ClassLoader loader, String name) throws ClassNotFoundException {
        return new ByteBuddy().subclass(Class.forName("javax.servlet.GenericServlet", false, loader))
                .name(name)
                .method(named("service")).intercept(StubMethod.INSTANCE)
                .make().getBytes();
    }

    private static boolean definedInLoader(ClassLoader loader, String name) {
        try {
            return Class.forName(name, false, loader).getClassLoader() == loader;
        } catch (ClassNotFoundException absent) {
            return false;
        }
    }
}
