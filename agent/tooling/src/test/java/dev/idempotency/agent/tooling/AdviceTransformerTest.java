package dev.idempotency.agent.tooling;

import static net.bytebuddy.matcher.ElementMatchers.any;
import static net.bytebuddy.matcher.ElementMatchers.hasSuperType;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.dynamic.loading.ByteArrayClassLoader;
import org.junit.jupiter.api.Test;

/**
 * The advice transformer lays a rule's advice into the class file it is given, keeps the class's
 * shape, tells the events, leaves classes no rule wants alone, and reports what it cannot do.
 * The transformed bytes are defined in a loader of their own, so the JVM verifies them.
 */
class AdviceTransformerTest {

    /** Stands for an entry point: one method the advice changes, one it leaves alone. */
    public static class Handler {
        public String handle(String request) {
            return "handled " + request;
        }

        public String other(String request) {
            return "other " + request;
        }
    }

    /** Stands for a class no rule wants. */
    public static class Bystander {
        public String handle(String request) {
            return "bystander " + request;
        }
    }

    /** A class whose loader, in the test below, lacks its superclass. */
    public static class Orphan extends Handler {
    }

    /** An entry point reached through a generic interface: the compiler adds a bridge {@code apply(Object)}. */
    public static class Bridged implements Function<String, String> {
        @Override
        public String apply(String request) {
            return "applied " + request;
        }
    }

    public static class MarkingAdvice {
        @Advice.OnMethodExit
        static void exit(@Advice.Return(readOnly = false) String result) {
            result = result + ", advised";
        }
    }

    private final RecordingEvents events = new RecordingEvents();

    @Test
    void theRuleAdvisesItsMethodAndTheClassKeepsItsShape() throws Exception {
        AdviceTransformer transformer = transformer(MarkingAdvice.class.getName());
        byte[] original = classFile(Handler.class);

        byte[] advised = transformer.transform(getClass().getClassLoader(), internalName(Handler.class), null, null, original);

        assertThat(advised).isNotNull();
        Class<?> type = defineAlone(Handler.class, advised);
        Object handler = type.getConstructor().newInstance();
        assertThat(type.getMethod("handle", String.class).invoke(handler, "order")).isEqualTo("handled order, advised");
        assertThat(type.getMethod("other", String.class).invoke(handler, "order")).isEqualTo("other order");
        assertThat(type.getDeclaredMethods()).hasSameSizeAs(Handler.class.getDeclaredMethods());
        assertThat(type.getDeclaredFields()).hasSameSizeAs(Handler.class.getDeclaredFields());
        assertThat(events.instrumented()).containsExactly(Handler.class.getName() + " SERVLET");
        assertThat(events.failures()).isEmpty();
    }

    @Test
    void aBridgeIsNotAdvisedBesideTheMethodItBridgesTo() throws Exception {
        AdviceRule rule = AdviceRule.ofAgentAdvice(named(Bridged.class.getName()), any(), GroupRole.JAXRS,
                List.of(new MethodAdvice(named("apply"), CountingAdvice.class.getName())), "test");
        AdviceTransformer transformer = new AdviceTransformer(List.of(rule), events);

        byte[] advised = transformer.transform(getClass().getClassLoader(), internalName(Bridged.class), null, null,
                classFile(Bridged.class));

        assertThat(advised).isNotNull();
        @SuppressWarnings("unchecked")
        Function<String, String> bridged = (Function<String, String>) defineAlone(Bridged.class, advised)
                .getConstructor().newInstance();
        int before = CountingAdvice.CALLS.get();
        assertThat(bridged.apply("order")).isEqualTo("applied order"); // through the bridge
        assertThat(CountingAdvice.CALLS.get() - before).isEqualTo(1);
        assertThat(events.failures()).isEmpty();
    }

    @Test
    void aClassNoRuleWantsIsLeftAlone() throws Exception {
        AdviceTransformer transformer = transformer(MarkingAdvice.class.getName());

        byte[] result = transformer.transform(getClass().getClassLoader(), internalName(Bystander.class), null, null,
                classFile(Bystander.class));

        assertThat(result).isNull();
        assertThat(events.instrumented()).isEmpty();
        assertThat(events.failures()).isEmpty();
    }

    @Test
    void aClassItCannotAdviseIsReportedAndDefinedAsItWas() throws Exception {
        AdviceTransformer transformer = transformer("dev.idempotency.agent.missing.NoSuchAdvice");

        byte[] result = transformer.transform(getClass().getClassLoader(), internalName(Handler.class), null, null,
                classFile(Handler.class));

        assertThat(result).isNull();
        assertThat(events.instrumented()).isEmpty();
        assertThat(events.failures()).singleElement().asString()
                .startsWith("could not instrument " + Handler.class.getName() + ": ")
                .contains("NoSuchAdvice");
    }

    @Test
    void aClassWhoseSupertypeItsLoaderLacksIsLeftAloneUnreported() throws Exception {
        AdviceRule rule = AdviceRule.ofAgentAdvice(hasSuperType(named(Runnable.class.getName())), any(),
                GroupRole.SERVLET, List.of(new MethodAdvice(named("handle"), MarkingAdvice.class.getName())), "test");
        AdviceTransformer transformer = new AdviceTransformer(List.of(rule), events);
        ClassLoader withoutHandler = new ClassLoader(null) {
        };

        byte[] result = transformer.transform(withoutHandler, internalName(Orphan.class), null, null,
                classFile(Orphan.class));

        assertThat(result).isNull();
        assertThat(events.instrumented()).isEmpty();
        assertThat(events.failures()).as("the JVM refuses the class itself; nothing the agent failed at").isEmpty();
    }

    @Test
    void anAlreadyLoadedClassIsWantedOnlyWhenARuleApplies() {
        AdviceTransformer transformer = transformer(MarkingAdvice.class.getName());

        assertThat(transformer.wants(Handler.class)).isTrue();
        assertThat(transformer.wants(Bystander.class)).isFalse();
        assertThat(transformer.wants(String.class)).isFalse();
    }

    private AdviceTransformer transformer(String adviceClass) {
        AdviceRule rule = AdviceRule.ofAgentAdvice(named(Handler.class.getName()), any(), GroupRole.SERVLET,
                List.of(new MethodAdvice(named("handle"), adviceClass)), "test");
        return new AdviceTransformer(List.of(rule), events);
    }

    private static Class<?> defineAlone(Class<?> original, byte[] bytes) throws ClassNotFoundException {
        ClassLoader loader = new ByteArrayClassLoader.ChildFirst(AdviceTransformerTest.class.getClassLoader(),
                Map.of(original.getName(), bytes));
        Class<?> type = Class.forName(original.getName(), true, loader);
        assertThat(type.getClassLoader()).isSameAs(loader);
        return type;
    }

    private static byte[] classFile(Class<?> type) throws IOException {
        try (InputStream in = type.getClassLoader().getResourceAsStream(internalName(type) + ".class")) {
            return in.readAllBytes();
        }
    }

    private static String internalName(Class<?> type) {
        return type.getName().replace('.', '/');
    }
}
