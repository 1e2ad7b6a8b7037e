package dev.idempotency.agent.store.jdbc;

import java.io.File;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Prints JMH JSON results of {@link StoreBenchmark} as one row per database and thread count. */
public final class BenchmarkTable {

    private BenchmarkTable() {
    }

    public static void main(String[] resultFiles) throws IOException {
        // database -> threads -> benchmark -> ops/s
        Map<String, Map<Integer, Map<String, Double>>> scores = new TreeMap<>();
        ObjectMapper json = new ObjectMapper();
        for (String file : resultFiles) {
            for (JsonNode run : json.readTree(new File(file))) {
                String benchmark = run.get("benchmark").asText().replaceAll(".*\\.", "");
                JsonNode params = run.get("params");
                String writes = params.has("writes") ? params.get("writes").asText() : "default";
                String database = params.get("database").asText() + ("default".equals(writes) ? "" : " (" + writes + ")");
                scores.computeIfAbsent(database, any -> new TreeMap<>())
                        .computeIfAbsent(run.get("threads").asInt(), any -> new TreeMap<>())
                        .put(benchmark, run.get("primaryMetric").get("score").asDouble());
            }
        }
        System.out.println("| database | threads | claim+complete ops/s | raw INSERT+UPDATE ops/s | store/raw "
                + "| replay ops/s | replay/claim+complete |");
        System.out.println("|---|---|---|---|---|---|---|");
        scores.forEach((database, byThreads) -> byThreads.forEach((threads, byBenchmark) -> {
            double store = byBenchmark.getOrDefault("claimAndComplete", Double.NaN);
            double raw = byBenchmark.getOrDefault("rawInsertUpdate", Double.NaN);
            double replay = byBenchmark.getOrDefault("replay", Double.NaN);
            System.out.println(String.format(Locale.ROOT, "| %s | %d | %,.0f | %,.0f | %.2f | %,.0f | %.1f |",
                    database, threads, store, raw, store / raw, replay, replay / store));
        }));
    }
}
