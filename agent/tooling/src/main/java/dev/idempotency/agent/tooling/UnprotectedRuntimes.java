package dev.idempotency.agent.tooling;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The HTTP runtimes people run without a servlet container or a JAX-RS runtime the agent has an
 * adapter for, each known by a class it defines to serve: what such a runtime routes to its own
 * handlers never reaches an instrumented entry point, so it runs unprotected, declared or not. Said
 * once per runtime, when that class is defined (at start, before its first request), on stderr and
 * in {@code status}.
 */
final class UnprotectedRuntimes {

    /** Internal class name to the runtime it shows. */
    private static final Map<String, String> BY_CLASS;

    static {
        Map<String, String> byClass = new HashMap<>();
        byClass.put("org/jboss/resteasy/reactive/server/core/ResteasyReactiveRequestContext",
                "RESTEasy Reactive (Quarkus REST)");
        byClass.put("io/vertx/core/http/impl/HttpServerImpl", "Vert.x's HTTP server");
        byClass.put("org/springframework/web/reactive/DispatcherHandler", "Spring WebFlux");
        byClass.put("io/micronaut/http/server/netty/NettyHttpServer", "Micronaut's HTTP server");
        byClass.put("io/helidon/webserver/NettyWebServer", "Helidon SE's web server");
        byClass.put("io/helidon/webserver/LoomServer", "Helidon SE's web server");
        byClass.put("io/ktor/server/engine/BaseApplicationEngine", "Ktor");
        byClass.put("play/core/server/NettyServer", "Play Framework");
        byClass.put("play/core/server/AkkaHttpServer", "Play Framework");
        byClass.put("play/core/server/PekkoHttpServer", "Play Framework");
        BY_CLASS = Collections.unmodifiableMap(byClass);
    }

    private final InstrumentationEvents events;
    private final Set<String> said = ConcurrentHashMap.newKeySet();

    UnprotectedRuntimes(InstrumentationEvents events) {
        this.events = events;
    }

    /** Called for each class defined ({@code internalName}: {@code a/b/C}): cheap, one hash lookup. */
    void defined(String internalName) {
        String runtime = BY_CLASS.get(internalName);
        if (runtime != null && said.add(runtime)) {
            events.failed(runtime + " serves HTTP in this JVM (" + internalName.replace('/', '.') + " was loaded), and "
                    + "the agent has no adapter for it: the requests it routes to its own handlers, not through a "
                    + "servlet or a supported JAX-RS runtime, are UNPROTECTED, declared or not (no key is checked, "
                    + "and a retry executes again). Serve the declared endpoints through a supported entry point "
                    + "(README, Supported), or do not count on the agent for them");
        }
    }
}
