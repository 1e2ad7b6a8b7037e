package dev.idempotency.agent.references;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * All mismatches of a run in one message, by adapter jar and API version, each problem once with
 * the adapter classes that have it: what a reader needs to fix the adapter or narrow the claim.
 */
final class MismatchReport {

    private final StringBuilder text = new StringBuilder();
    private int problems;

    void add(String adapterJar, String apiVersion, List<Mismatch> mismatches) {
        if (mismatches.isEmpty()) {
            return;
        }
        Map<String, TreeSet<String>> usersByProblem = new TreeMap<>();
        for (Mismatch mismatch : mismatches) {
            usersByProblem.computeIfAbsent(mismatch.problem(), problem -> new TreeSet<>())
                    .add(Reference.javaName(mismatch.user()));
        }
        text.append('\n').append(adapterJar).append(" against ").append(apiVersion).append(':');
        usersByProblem.forEach((problem, users) -> {
            problems++;
            text.append("\n  ").append(problem).append("\n      in ").append(String.join(", ", users));
        });
    }

    boolean isEmpty() {
        return problems == 0;
    }

    @Override
    public String toString() {
        return problems + " adapter reference(s) would fail to link in an API version the adapter claims"
                + " (NoClassDefFoundError, NoSuchMethodError, AbstractMethodError at run time):" + text;
    }
}
