package dev.idempotency.it.logging;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/** The agent's attempt log as a test reads it: every line one JSON event. */
public final class AttemptLogFile {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final Path file;

    public AttemptLogFile(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public String text() {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Every event written so far; fails on a line that is not one JSON object. The writer runs
     * while the test reads, so a last line without its newline is still being written and is left
     * for the next read.
     */
    public List<JsonNode> events() {
        String text = text();
        String written = text.substring(0, text.lastIndexOf('\n') + 1);
        List<JsonNode> events = new ArrayList<>();
        for (String line : written.lines().toList()) {
            try {
                events.add(JSON.readTree(line));
            } catch (IOException e) {
                throw new AssertionError("not a JSON line: " + line, e);
            }
        }
        return events;
    }

    /**
     * The events of one key by attempt number, events without one last in the file's order. The
     * file's own order is not the attempts' order: an event is queued once its answer is handed to
     * the host, so the next attempt's event can be written first.
     */
    public List<JsonNode> eventsOfKey(String key) {
        return events().stream().filter(e -> key.equals(e.path("idempotency.key").asText()))
                .sorted(Comparator.comparingInt(e -> e.path("idempotency.attempt").asInt(Integer.MAX_VALUE)))
                .toList();
    }

    /** Waits (bounded) until the key has {@code count} events; the writer runs off the request thread. */
    public List<JsonNode> awaitEventsOfKey(String key, int count) {
        AtomicReference<List<JsonNode>> seen = new AtomicReference<>(List.of());
        await().atMost(WAIT).pollInterval(Duration.ofMillis(50)).until(() -> {
            seen.set(eventsOfKey(key));
            return seen.get().size() >= count;
        });
        return seen.get();
    }

    /** Waits (bounded) for the first event that matches. */
    public JsonNode awaitEvent(Predicate<JsonNode> match) {
        AtomicReference<JsonNode> found = new AtomicReference<>();
        await().atMost(WAIT).pollInterval(Duration.ofMillis(50)).until(() -> {
            found.set(events().stream().filter(match).findFirst().orElse(null));
            return found.get() != null;
        });
        return found.get();
    }
}
