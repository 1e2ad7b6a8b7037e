package dev.idempotency.agent.config;

import dev.idempotency.agent.vocabulary.FingerprintMode;
import java.util.List;
import java.util.Optional;

/** What enters the request fingerprint besides the method and the path. */
public final class FingerprintConfig {

    private final FingerprintMode mode;
    private final List<String> ignoredFields;
    /** {@code null}: the whole query string. */
    private final List<String> queryParameters;
    private final List<String> headers;

    FingerprintConfig(FingerprintMode mode, List<String> ignoredFields, List<String> queryParameters,
            List<String> headers) {
        this.mode = mode;
        this.ignoredFields = List.copyOf(ignoredFields);
        this.queryParameters = queryParameters == null ? null : List.copyOf(queryParameters);
        this.headers = List.copyOf(headers);
    }

    public FingerprintMode mode() { return mode; }
    /** JSON field names or dot paths left out in {@link FingerprintMode#JSON} mode. */
    public List<String> ignoredFields() { return ignoredFields; }
    /**
     * The query parameters that enter the fingerprint; empty (the default) for all of them: a
     * servlet's {@code getParameter} merges the query into the form, so leaving any out could
     * replay one request's answer to another.
     */
    public Optional<List<String>> queryParameters() { return Optional.ofNullable(queryParameters); }
    public List<String> headers() { return headers; }
}
