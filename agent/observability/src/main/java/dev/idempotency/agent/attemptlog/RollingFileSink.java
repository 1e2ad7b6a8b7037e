package dev.idempotency.agent.attemptlog;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file that rolls over by size: before a line would take {@code file} past the limit, it becomes
 * {@code file.1} (an older {@code file.1} becomes {@code file.2}, and so on), keeping at most
 * {@code rolledFiles} rolled files. A line longer than the limit still goes whole into a fresh file.
 */
public final class RollingFileSink implements EventSink {

    private static final int BUFFER_BYTES = 64 * 1024;

    private final Path file;
    private final long maxBytes;
    private final int rolledFiles;
    private OutputStream out;
    private long size;

    public RollingFileSink(Path file, long maxBytes, int rolledFiles) throws IOException {
        if (maxBytes < 1 || rolledFiles < 1) {
            throw new IllegalArgumentException("a rolling file needs a positive size limit and at least one rolled file");
        }
        this.file = file.toAbsolutePath();
        this.maxBytes = maxBytes;
        this.rolledFiles = rolledFiles;
        Path dir = this.file.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        open();
    }

    @Override
    public void write(String line) throws IOException {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        if (size > 0 && size + bytes.length + 1 > maxBytes) {
            roll();
        }
        out.write(bytes);
        out.write('\n');
        size += bytes.length + 1;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private void open() throws IOException {
        out = new BufferedOutputStream(new FileOutputStream(file.toFile(), true), BUFFER_BYTES);
        size = Files.size(file);
    }

    /** Reopens whatever happens: if a rename failed, the lines keep going to the current file. */
    private void roll() throws IOException {
        out.close();
        try {
            Files.deleteIfExists(rolled(rolledFiles));
            for (int i = rolledFiles - 1; i >= 1; i--) {
                if (Files.exists(rolled(i))) {
                    Files.move(rolled(i), rolled(i + 1), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.move(file, rolled(1), StandardCopyOption.REPLACE_EXISTING);
        } finally {
            open();
        }
    }

    /** {@code attempts.jsonl.3} for {@code attempts.jsonl}. */
    Path rolled(int index) {
        return file.resolveSibling(file.getFileName() + "." + index);
    }
}
