package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.ArrayList;
import java.util.List;

/** The problems found in one file so far; reading goes on after each, so all are reported. */
final class ProblemList {

    private final String file;
    private final List<ConfigProblem> problems = new ArrayList<>();

    ProblemList(String file) {
        this.file = file;
    }

    void add(String fieldPath, String value, String message) {
        problems.add(new ConfigProblem(file, fieldPath, value, message));
    }

    boolean isEmpty() {
        return problems.isEmpty();
    }

    List<ConfigProblem> asList() {
        return Collections.unmodifiableList(new ArrayList<>(problems));
    }
}
