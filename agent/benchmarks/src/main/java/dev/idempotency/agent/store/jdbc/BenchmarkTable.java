package dev.idempotency.agent.store.jdbc;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Prints JMH JSON results of {@link StoreBenchmark} as one row per database and thread count; a
 * benchmark measured in several rounds shows the median of its rounds.
 */
public final class BenchmarkTable {

    private BenchmarkTable() {
    }

    public static void main(String[] resultFiles) throws IOException {
        // database -> threads -> benchmark -> ops/s of each round
        Map<String, Map<Integer, Map<String, List<Double>>>> scores = new TreeMap<>();
        ObjectMapper json = new ObjectMapper();
        for (String file : resultFiles) {
            for (JsonNode run : json.readTree(new File(file))) {
                String benchmark = run.get("benchmark").asText().replaceAll(".*\\.", "");
                JsonNode params = run.get("params");
                String writes = params.has("writes") ? params.get("writes").asText() : "default";
                String database = params.get("database").asText() + ("default".equals(writes) ? "" : " (" + writes + ")");
                scores.computeIfAbsent(database, any -> new TreeMap<>())
                        .computeIfAbsent(run.get("threads").asInt(), any -> new TreeMap<>())
                        .computeIfAbsent(benchmark, any -> new ArrayList<>())
                        .add(run.get("primaryMetric").get("score").asDouble());
            }
        }
        System.out.println("| database | threads | claim+complete ops/s | raw INSERT+UPDATE ops/s | store/raw "
                + "| replay ops/s | replay/claim+complete |");
        System.out.println("|---|---|---|---|---|---|---|");
        scores.forEach((database, byThreads) -> byThreads.forEach((threads, byBenchmark) -> {
            double store = median(byBenchmark.get("claimAndComplete"));
            double raw = median(byBenchmark.get("rawInsertUpdate"));
            double replay = median(byBenchmark.get("replay"));
            System.out.println(String.format(Locale.ROOT, "| %s | %d | %,.0f | %,.0f | %.2f | %,.0f | %.1f |",
                    database, threads, store, raw, store / raw, replay, replay / store));
        }));
    }

    private static double median(List<Double> rounds) {
        if (rounds == null) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(rounds);
        Collections.sort(sorted);
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
