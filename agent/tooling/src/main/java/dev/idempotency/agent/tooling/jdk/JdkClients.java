package dev.idempotency.agent.tooling.jdk;

import static net.bytebuddy.matcher.ElementMatchers.isPublic;
import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArgument;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import dev.idempotency.agent.tooling.AdviceRule;
import dev.idempotency.agent.tooling.GroupRole;
import dev.idempotency.agent.tooling.InstrumentationEvents;
import dev.idempotency.agent.tooling.JvmModules;
import dev.idempotency.agent.tooling.MethodAdvice;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.bytebuddy.matcher.ElementMatcher;

/**
 * The JDK's HTTP clients, whose unsafe calls carry the derived keys of the execution the calling
 * thread works for ({@code propagate-key}): one group each, switched off by name like the entry
 * points. Their classes are the JDK's ({@code java.base}, {@code java.net.http}), in the bootstrap
 * and platform loaders, and often loaded before the agent starts: they are matched by exact name
 * in those loaders only, and those already loaded are retransformed at once. The advice uses JDK
 * types and the bridge alone, so nothing is defined beside it; the JDK's modules are made to read
 * the bridge's (the bootstrap loader's unnamed module), which named modules do not by default.
 *
 * <p>No reference check as for the adapters: the advice links against the JDK's public API
 * ({@code java.net.HttpURLConnection}, {@code java.net.http.HttpRequest}) alone, and each rule
 * matches a method by name and argument types, so a JDK without it is simply not advised.
 */
public final class JdkClients {

    static final String URL_CONNECTION = "sun.net.www.protocol.http.HttpURLConnection";
    static final String HTTP_CLIENT = "jdk.internal.net.http.HttpClientImpl";
    private static final String HTTP_MODULE = "java.net.http";
    /** By name: the advice is compiled for Java 11, and read only where {@code java.net.http} is. */
    private static final String HTTP_CLIENT_ADVICE = "dev.idempotency.agent.tooling.jdk.HttpClientAdvice";

    private JdkClients() {
    }

    /** Installs the groups not in {@code disabledGroups}; returns the classes it advises, by binary name. */
    public static Set<String> install(Instrumentation instrumentation, Collection<String> disabledGroups,
            InstrumentationEvents events) {
        List<AdviceRule> rules = new ArrayList<>();
        List<String> names = new ArrayList<>();
        if (!disabledGroups.contains(JdkGroups.HTTP_URL_CONNECTION.name())) {
            rules.add(AdviceRule.ofAgentAdvice(named(URL_CONNECTION), bootstrapLoader(),
                    GroupRole.DOWNSTREAM_CLIENT,
                    Collections.singletonList(new MethodAdvice(namedOneOf("connect", "getOutputStream", "getInputStream")
                            .and(takesArguments(0)).and(isPublic()), UrlConnectionAdvice.class.getName())),
                    JdkGroups.HTTP_URL_CONNECTION.name()));
            names.add(URL_CONNECTION);
            JvmModules.ofThisJvm().readBridge(instrumentation, "java.base");
        }
        // the JDK's HttpClient came with Java 11: on Java 8 the group has nothing to instrument
        if (!disabledGroups.contains(JdkGroups.JDK_HTTP_CLIENT.name()) && JvmModules.ofThisJvm().hasModule(HTTP_MODULE)) {
            rules.add(AdviceRule.ofAgentAdvice(named(HTTP_CLIENT), platformLoader(), GroupRole.DOWNSTREAM_CLIENT,
                    Collections.singletonList(new MethodAdvice(named("sendAsync").and(takesArguments(4))
                            .and(takesArgument(0, named("java.net.http.HttpRequest"))),
                            HTTP_CLIENT_ADVICE)),
                    JdkGroups.JDK_HTTP_CLIENT.name()));
            names.add(HTTP_CLIENT);
            JvmModules.ofThisJvm().readBridge(instrumentation, HTTP_MODULE);
        }
        return JdkClassAdvice.install(instrumentation, rules, names, events, "its calls carry no derived keys");
    }

    static ElementMatcher<ClassLoader> bootstrapLoader() {
        return loader -> loader == null;
    }

    private static ElementMatcher<ClassLoader> platformLoader() {
        ClassLoader platform = ClassLoader.getSystemClassLoader().getParent();
        return loader -> loader == platform;
    }
}
