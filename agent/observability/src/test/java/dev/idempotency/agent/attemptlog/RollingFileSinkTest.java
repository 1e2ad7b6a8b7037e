package dev.idempotency.agent.attemptlog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RollingFileSinkTest {

    @TempDir
    Path dir;

    @Test
    void rollsOverBeforeALineWouldPassTheLimitAndKeepsTheConfiguredNumberOfFiles() throws IOException {
        Path file = dir.resolve("logs/attempts.jsonl");
        try (RollingFileSink sink = new RollingFileSink(file, 20, 2)) {
            for (int i = 1; i <= 9; i++) {
                sink.write("line-" + i + "-xxx"); // 11 bytes with the newline: one line per file
            }
            sink.flush();
        }
        assertThat(Files.readAllLines(file)).containsExactly("line-9-xxx");
        assertThat(Files.readAllLines(dir.resolve("logs/attempts.jsonl.1"))).containsExactly("line-8-xxx");
        assertThat(Files.readAllLines(dir.resolve("logs/attempts.jsonl.2"))).containsExactly("line-7-xxx");
        assertThat(dir.resolve("logs/attempts.jsonl.3")).doesNotExist();
    }

    @Test
    void fillsAFileUpToTheLimit() throws IOException {
        Path file = dir.resolve("a.jsonl");
        try (RollingFileSink sink = new RollingFileSink(file, 30, 1)) {
            for (String line : List.of("aaaa", "bbbb", "cccc", "dddd", "eeee", "ffff", "gggg")) {
                sink.write(line); // 5 bytes each: six fit in 30
            }
        }
        assertThat(Files.readAllLines(dir.resolve("a.jsonl.1"))).containsExactly("aaaa", "bbbb", "cccc", "dddd", "eeee", "ffff");
        assertThat(Files.readAllLines(file)).containsExactly("gggg");
    }

    @Test
    void appendsToAnExistingFileAndCountsItsSize() throws IOException {
        Path file = dir.resolve("a.jsonl");
        Files.writeString(file, "old-line-1\nold-line-2\n"); // 22 bytes
        try (RollingFileSink sink = new RollingFileSink(file, 30, 1)) {
            sink.write("new-line"); // 9 bytes: would make 31
        }
        assertThat(Files.readAllLines(dir.resolve("a.jsonl.1"))).containsExactly("old-line-1", "old-line-2");
        assertThat(Files.readAllLines(file)).containsExactly("new-line");
    }

    @Test
    void writesALineLongerThanTheLimitWholeIntoItsOwnFile() throws IOException {
        Path file = dir.resolve("a.jsonl");
        String longLine = "x".repeat(50);
        try (RollingFileSink sink = new RollingFileSink(file, 10, 3)) {
            sink.write("short");
            sink.write(longLine);
            sink.write("after");
        }
        assertThat(Files.readAllLines(dir.resolve("a.jsonl.2"))).containsExactly("short");
        assertThat(Files.readAllLines(dir.resolve("a.jsonl.1"))).containsExactly(longLine);
        assertThat(Files.readAllLines(file)).containsExactly("after");
    }
}
