package dev.idempotency.agent.config;

import java.util.Collections;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Where the config file is, and which of the three ways named it. The agent argument
 * ({@code -javaagent:idempotency-agent.jar=config=/path/agent.yaml}) wins over the system property
 * {@code idempotency.agent.config}, which wins over the environment variable
 * {@code IDEMPOTENCY_AGENT_CONFIG}.
 */
public final class ConfigLocation {

    public static final String AGENT_ARGUMENT_KEY = "config";
    public static final String SYSTEM_PROPERTY = "idempotency.agent.config";
    public static final String ENVIRONMENT_VARIABLE = "IDEMPOTENCY_AGENT_CONFIG";

    /** The agent argument keys understood; a comma-separated list of {@code key=value}. */
    static final List<String> AGENT_ARGUMENT_KEYS = Collections.singletonList(AGENT_ARGUMENT_KEY);

    /** Which of the three ways named the file. */
    public enum Origin {
        AGENT_ARGUMENT("agent argument config="),
        COMMAND_OPTION("command's --config option"),
        SYSTEM_PROPERTY("system property " + ConfigLocation.SYSTEM_PROPERTY),
        ENVIRONMENT_VARIABLE("environment variable " + ConfigLocation.ENVIRONMENT_VARIABLE);

        private final String description;

        Origin(String description) {
            this.description = description;
        }

        /** E.g. {@code system property idempotency.agent.config}, for start-up messages. */
        public String description() { return description; }
    }

    private static final String AGENT_ARGUMENT = "agent argument";

    private final Path path;
    private final Origin origin;

    private ConfigLocation(Path path, Origin origin) {
        this.path = path;
        this.origin = origin;
    }

    public Path path() { return path; }
    public Origin origin() { return origin; }

    /**
     * Finds the config file.
     *
     * @param agentArgs the {@code -javaagent} argument string; may be {@code null}
     * @param sysProps  system property lookup, e.g. {@code System::getProperty}
     * @param env       environment lookup, e.g. {@code System::getenv}
     * @throws ConfigException naming every problem of the agent argument, or the three ways to
     *                         give a config when none was used
     */
    public static ConfigLocation resolve(String agentArgs, Function<String, String> sysProps,
            Function<String, String> env) throws ConfigException {
        List<ConfigProblem> problems = new ArrayList<>();
        String fromArgs = configArgument(agentArgs, problems);
        if (!problems.isEmpty()) {
            throw new ConfigException(problems, BuiltInDefaults.ON_CONFIG_ERROR);
        }
        String fromProperty = sysProps.apply(SYSTEM_PROPERTY);
        String fromEnv = env.apply(ENVIRONMENT_VARIABLE);
        if (fromArgs != null) {
            return located(fromArgs, Origin.AGENT_ARGUMENT);
        }
        if (fromProperty != null && !fromProperty.trim().isEmpty()) {
            return located(fromProperty, Origin.SYSTEM_PROPERTY);
        }
        if (fromEnv != null && !fromEnv.trim().isEmpty()) {
            return located(fromEnv, Origin.ENVIRONMENT_VARIABLE);
        }
        throw new ConfigException(Collections.singletonList(new ConfigProblem("", "", null,
                "no config file given; pass -javaagent:idempotency-agent.jar=config=/path/agent.yaml,"
                        + " or -D" + SYSTEM_PROPERTY + "=/path/agent.yaml,"
                        + " or set " + ENVIRONMENT_VARIABLE + "=/path/agent.yaml")),
                BuiltInDefaults.ON_CONFIG_ERROR);
    }

    /** The file an operator command was given with {@code --config}. */
    public static ConfigLocation commandOption(String path) throws ConfigException {
        return located(path, Origin.COMMAND_OPTION);
    }

    /** The value of {@code config=} in the agent argument, or {@code null}; problems are collected. */
    private static String configArgument(String agentArgs, List<ConfigProblem> problems) {
        if (agentArgs == null || agentArgs.trim().isEmpty()) {
            return null;
        }
        String config = null;
        Set<String> seen = new HashSet<>();
        for (String option : agentArgs.split(",")) {
            String trimmed = option.trim();
            int equals = trimmed.indexOf('=');
            String key = equals < 0 ? trimmed : trimmed.substring(0, equals).trim();
            String value = equals < 0 ? null : trimmed.substring(equals + 1).trim();
            if (!AGENT_ARGUMENT_KEYS.contains(key)) {
                String closest = ClosestName.to(key, AGENT_ARGUMENT_KEYS);
                problems.add(new ConfigProblem("", AGENT_ARGUMENT, trimmed, "has an unknown option \"" + key + "\"; "
                        + (closest != null ? "did you mean \"" + closest + "\"? " : "")
                        + "options are key=value separated by commas: " + String.join(", ", AGENT_ARGUMENT_KEYS)));
            } else if (value == null || value.isEmpty()) {
                problems.add(new ConfigProblem("", AGENT_ARGUMENT, trimmed,
                        "has no value; write " + key + "=/path/agent.yaml"));
            } else if (!seen.add(key)) {
                problems.add(new ConfigProblem("", AGENT_ARGUMENT, trimmed, "repeats " + key + "; give it once"));
            } else {
                config = value;
            }
        }
        return config;
    }

    private static ConfigLocation located(String path, Origin origin) throws ConfigException {
        try {
            return new ConfigLocation(Paths.get(path.trim()), origin);
        } catch (InvalidPathException e) {
            throw new ConfigException(Collections.singletonList(new ConfigProblem("", origin.description(), path,
                    "is not a file path: " + e.getReason())), BuiltInDefaults.ON_CONFIG_ERROR);
        }
    }

    @Override
    public String toString() {
        return path + " (from the " + origin.description() + ")";
    }
}
