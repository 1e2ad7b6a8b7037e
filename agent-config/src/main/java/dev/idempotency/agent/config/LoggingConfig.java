package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.ArrayList;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The attempt log: one structured event per attempt. */
public final class LoggingConfig {

    private final LogSink sink;
    private final Path file;
    private final long maxFileSize;
    private final int maxFiles;
    private final String hashSecret;
    private final String requestIdHeader;
    private final List<String> headerAllowList;
    private final boolean maskPath;
    private final BodyLoggingConfig body;

    LoggingConfig(LogSink sink, Path file, long maxFileSize, int maxFiles, String hashSecret,
            String requestIdHeader, List<String> headerAllowList, boolean maskPath,
            BodyLoggingConfig body) {
        this.sink = sink;
        this.file = file;
        this.maxFileSize = maxFileSize;
        this.maxFiles = maxFiles;
        this.hashSecret = hashSecret;
        this.requestIdHeader = requestIdHeader;
        this.headerAllowList = Collections.unmodifiableList(new ArrayList<>(headerAllowList));
        this.maskPath = maskPath;
        this.body = body;
    }

    public LogSink sink() { return sink; }
    /** The log file; present when the sink is {@link LogSink#FILE}. */
    public Optional<Path> file() { return Optional.ofNullable(file); }
    public long maxFileSize() { return maxFileSize; }
    public int maxFiles() { return maxFiles; }
    /** When present, keys and scopes are logged as HMAC-SHA256 with this secret. */
    public Optional<String> hashSecret() { return Optional.ofNullable(hashSecret); }
    public String requestIdHeader() { return requestIdHeader; }
    /** Request headers whose values may be logged. */
    public List<String> headerAllowList() { return headerAllowList; }
    /** Log the route template instead of the raw path. */
    public boolean maskPath() { return maskPath; }
    public BodyLoggingConfig body() { return body; }

    @Override
    public String toString() {
        return "LoggingConfig{sink=" + sink + ", file=" + file + ", hashSecret="
                + (hashSecret == null ? "none" : "***") + "}";
    }
}
