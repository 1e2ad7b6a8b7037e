package dev.idempotency.it.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One stream of a child process, copied line by line to a file and kept in memory for assertions. */
public final class ProcessOutput {

    private final Path file;
    private final List<String> lines = new ArrayList<>();

    private ProcessOutput(Path file) {
        this.file = file;
    }

    /** Starts a daemon thread that drains {@code stream} until the process closes it. */
    static ProcessOutput capture(InputStream stream, Path file, String threadName) {
        ProcessOutput output = new ProcessOutput(file);
        Thread pump = new Thread(() -> output.drain(stream), threadName);
        pump.setDaemon(true);
        pump.start();
        return output;
    }

    public Path file() {
        return file;
    }

    /** The lines seen so far. */
    public synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    /** The first line seen so far that contains a match of {@code pattern}. */
    public synchronized Optional<MatchResult> find(Pattern pattern) {
        for (String line : lines) {
            Matcher matcher = pattern.matcher(line);
            if (matcher.find()) {
                return Optional.of(matcher.toMatchResult());
            }
        }
        return Optional.empty();
    }

    /** The last {@code count} lines, for failure messages. */
    public synchronized String tail(int count) {
        return String.join("\n", lines.subList(Math.max(0, lines.size() - count), lines.size()));
    }

    private void drain(InputStream stream) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
                Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = reader.readLine()) != null) {
                writer.write(line);
                writer.write('\n');
                writer.flush(); // the file is what a person reads after a failed or hung test
                synchronized (this) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            // The stream broke because the process was killed: what was read so far stays available.
        }
    }
}
