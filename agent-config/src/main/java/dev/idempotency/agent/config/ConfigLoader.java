package dev.idempotency.agent.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * Loads and validates the agent config. Never logs: every problem found is carried by the
 * {@link ConfigException}, and the caller decides what to print and whether to stop.
 */
public final class ConfigLoader {

    private ConfigLoader() {
    }

    /** Loads a YAML ({@code .yaml}, {@code .yml}) or JSON ({@code .json}) file; other names are sniffed. */
    public static AgentConfig load(Path file) throws ConfigException {
        return load(file, EnvReferences.system());
    }

    /**
     * Loads a file, resolving {@code ${env:NAME}} references through {@code env} (which returns
     * {@code null} for a variable that is not set).
     */
    public static AgentConfig load(Path file, Function<String, String> env) throws ConfigException {
        ProblemList problems = new ProblemList(file.toString());
        return bind(ConfigTree.read(file, problems), file, env, problems);
    }

    private static AgentConfig bind(JsonNode tree, Path source, Function<String, String> env, ProblemList problems)
            throws ConfigException {
        Objects.requireNonNull(env, "env");
        if (tree == null) {
            throw new ConfigException(problems.asList(), BuiltInDefaults.ON_CONFIG_ERROR);
        }
        ConfigBinder binder = new ConfigBinder(problems, new EnvReferences(env, problems));
        AgentConfig config = binder.bind(tree, source);
        if (!problems.isEmpty()) {
            throw new ConfigException(problems.asList(), binder.onConfigError());
        }
        return config;
    }
}
