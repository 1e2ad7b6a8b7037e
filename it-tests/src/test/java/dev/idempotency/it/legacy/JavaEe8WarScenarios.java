package dev.idempotency.it.legacy;

import dev.idempotency.it.support.Artifacts;
import java.nio.file.Path;

/**
 * The estate's JAX-RS 2.0 resources as a Java EE 8 WAR ({@code legacy-demo/estate/javaee8-war},
 * {@code @ApplicationPath("api")}, the platform provided), deployed as {@code /estate-javaee8} in one
 * application server with the agent attached by {@code -javaagent} alone: the application root is
 * {@code /estate-javaee8/api}.
 */
public abstract class JavaEe8WarScenarios extends DeclaredTwiceScenarios {

    /** The context path the servers deploy the WAR under. */
    protected static final String CONTEXT = "estate-javaee8";
    /** The application's {@code @ApplicationPath}, below the context path. */
    protected static final String MAPPING = "/api";

    protected static Path war() {
        return Artifacts.estateJavaee8War();
    }

    @Override
    protected String applicationRoot() {
        return MAPPING;
    }
}
