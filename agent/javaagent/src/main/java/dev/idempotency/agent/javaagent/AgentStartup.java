package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.bootstrap.body.CaptureBudget;
import dev.idempotency.agent.bootstrap.downstream.HandOffs;
import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.ConfigException;
import dev.idempotency.agent.config.ConfigLoader;
import dev.idempotency.agent.config.ConfigLocation;
import dev.idempotency.agent.config.OnConfigError;
import dev.idempotency.agent.management.AgentProperties;
import dev.idempotency.agent.tooling.BootstrapBridge;
import dev.idempotency.agent.tooling.ClassDefiner;
import dev.idempotency.agent.tooling.Instrumenter;
import dev.idempotency.agent.tooling.jdk.JdkClients;
import dev.idempotency.agent.tooling.jdk.JdkHandOffs;
import java.lang.instrument.Instrumentation;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/** The start-up sequence: config, bridge, attempt log and metrics, core, instrumentation, one line on stderr. */
public final class AgentStartup {

    private static final AtomicBoolean started = new AtomicBoolean();
    /** The running agent's status, which hears of a second start too. */
    private static volatile AgentStatus running;

    private AgentStartup() {
    }

    /**
     * @param atJvmStart true from premain: no application class is loaded yet, so the
     *                   instrumentation may finish its set-up while the application starts
     */
    static void start(String args, Instrumentation instrumentation, boolean atJvmStart) throws Exception {
        if (!started.compareAndSet(false, true)) {
            String ignored = "already running in this JVM; the second start was ignored";
            AgentStatus status = running;
            if (status != null) {
                status.warn(ignored);
            } else {
                Diagnostics.warn(ignored);
            }
            return;
        }
        quietLibraryLogging();
        AgentConfig config;
        try {
            ConfigLocation location = ConfigLocation.resolve(args, System::getProperty, System::getenv);
            config = ConfigLoader.load(location.path());
        } catch (ConfigException invalid) {
            started.set(false);
            refuse(invalid, atJvmStart);
            return;
        }
        ClassDefiner definer = BootstrapBridge.install(instrumentation);
        AgentStatus status = new AgentStatus(config);
        running = status;
        CaptureBudget.set(config.responseCaptureBudget(Runtime.getRuntime().maxMemory()));
        AttemptRecording recording = AttemptRecording.start(config, status);
        RunningAgent runtime = RunningAgent.start(config, recording.listener(), status);
        status.running(runtime);
        recording.publishMetrics(runtime, () -> loadersOf(instrumentation.getAllLoadedClasses()));
        boolean propagates = propagatesKeys(config);
        if (atJvmStart) {
            Instrumenter.installAtStart(instrumentation, definer, config.instrumentation().disabled(), propagates, status);
        } else {
            Instrumenter.install(instrumentation, definer, config.instrumentation().disabled(), propagates, status);
        }
        if (propagates) {
            JdkClients.install(instrumentation, config.instrumentation().disabled(), status);
            HandOffs.unkeyedOn(config.instrumentation().unkeyedThreads().toArray(new String[0]));
            JdkHandOffs.install(instrumentation, config.instrumentation().disabled(), status);
        }
        Diagnostics.info(startupLine(config, runtime.storeKind()));
        ProtectionCheck.schedule(status, config.protectionCheckAfter());
        System.setProperty(AgentProperties.RUNNING_PROPERTY, AgentVersion.get() + " with " + config.source().toAbsolutePath().normalize());
    }

    /**
     * The HTTP clients are advised only for a config that has an endpoint propagate its key: the
     * JDK's classes stay as shipped for every other.
     */
    static boolean propagatesKeys(AgentConfig config) {
        return config.endpoints().stream().anyMatch(endpoint -> endpoint.settings().propagateKey().enabled());
    }

    /**
     * Says what was declared, not "protected": protection starts when a request reaches an
     * instrumented entry point, and a declaration that matches nothing is warned of then. The
     * instrumentation groups switched off are named, as they leave their endpoints unprotected.
     */
    static String startupLine(AgentConfig config, String storeKind) {
        int count = config.endpoints().size();
        List<String> disabled = config.instrumentation().disabled();
        return count + (count == 1 ? " endpoint" : " endpoints") + " declared in " + config.source().toAbsolutePath().normalize()
                + ", store " + storeKind
                + (disabled.isEmpty() ? "" : ", instrumentation disabled: " + String.join(", ", disabled));
    }

    /**
     * The pool and the database drivers log through the agent's relocated SLF4J; only their
     * warnings matter to an operator. The property name is relocated too, so the host's own
     * logging configuration is neither read nor changed.
     */
    private static void quietLibraryLogging() {
        setUnlessSet("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        // A connection the pool drops as broken is the store failing, which the gate reports once per
        // cause; the pool would add a stack trace for every connection. Two literals, so the build
        // relocates each (a single concatenated constant would keep Hikari's original name).
        setUnlessSet(String.join("", "org.slf4j.simpleLogger.log.", "com.zaxxer.hikari.pool.ProxyConnection"), "error");
        // The same for a connection the pool cannot open (HikariCP 4 logs it as an error with its stack
        // trace, once per connection it tries while the store is down): the gate says the cause once, one
        // line per exception of its chain. -Dorg.slf4j.simpleLogger.log.<relocated name>=warn brings it back.
        setUnlessSet(String.join("", "org.slf4j.simpleLogger.log.", "com.zaxxer.hikari.pool.HikariPool"), "off");
    }

    private static void setUnlessSet(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }

    /**
     * A broken config stops the JVM by default: an operator would rather see the service refuse to
     * start than run unprotected in silence. {@code on-config-error: disable} runs it unprotected.
     * Attached to a running service, the agent never stops it: it stays out, and says so.
     */
    private static void refuse(ConfigException invalid, boolean atJvmStart) {
        if (!atJvmStart) {
            String refused = "the config has errors; the agent was not attached and the service runs as before:\n"
                    + invalid.getMessage();
            Diagnostics.error(refused, null);
            notRunning(refused);
            return;
        }
        if (invalid.onConfigError() == OnConfigError.DISABLE) {
            String disabled = "the config has errors; on-config-error is disable, so the service runs UNPROTECTED:\n"
                    + invalid.getMessage();
            Diagnostics.warn(disabled);
            notRunning(disabled);
            return;
        }
        Diagnostics.error("the config has errors; stopping the JVM (exit status 1). Fix the config, "
                + "or set on-config-error: disable to run unprotected instead.\n" + invalid.getMessage(), null);
        System.exit(1);
    }

    /** Keeps why the agent does not run where {@code status} finds it, unless an agent runs after all. */
    static void notRunning(String why) {
        if (System.getProperty(AgentProperties.RUNNING_PROPERTY) == null) {
            System.setProperty(AgentProperties.NOT_RUNNING_PROPERTY, why);
        }
    }

    /** The distinct loaders of {@code classes}, the boot loader left out. */
    private static Iterable<ClassLoader> loadersOf(Class<?>[] classes) {
        Set<ClassLoader> loaders = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Class<?> type : classes) {
            if (type.getClassLoader() != null) {
                loaders.add(type.getClassLoader());
            }
        }
        return loaders;
    }
}
