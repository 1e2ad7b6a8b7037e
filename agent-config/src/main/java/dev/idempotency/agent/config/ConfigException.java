package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A config that cannot be used, with every problem found in it (never only the first), so an
 * operator fixes them all in one round.
 */
public final class ConfigException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient List<ConfigProblem> problems;
    private final OnConfigError onConfigError;

    public ConfigException(List<ConfigProblem> problems, OnConfigError onConfigError) {
        super(problems.stream().map(ConfigProblem::toString).collect(Collectors.joining("\n")));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a config exception needs at least one problem");
        }
        this.problems = Collections.unmodifiableList(new ArrayList<>(problems));
        this.onConfigError = onConfigError;
    }

    /** In the order found: roughly the order of the file. */
    public List<ConfigProblem> problems() { return problems; }

    /**
     * The {@code on-config-error} policy the file asked for, when it could be read despite the
     * problems; otherwise the default, {@link OnConfigError#FAIL}.
     */
    public OnConfigError onConfigError() { return onConfigError; }
}
