package dev.idempotency.agent.config;

import java.util.List;

/** What enters the request fingerprint besides the method and the path. */
public final class FingerprintConfig {

    private final FingerprintMode mode;
    private final List<String> ignoredFields;
    private final List<String> queryParameters;
    private final List<String> headers;

    FingerprintConfig(FingerprintMode mode, List<String> ignoredFields, List<String> queryParameters,
            List<String> headers) {
        this.mode = mode;
        this.ignoredFields = List.copyOf(ignoredFields);
        this.queryParameters = List.copyOf(queryParameters);
        this.headers = List.copyOf(headers);
    }

    public FingerprintMode mode() { return mode; }
    /** JSON field names or dot paths left out in {@link FingerprintMode#JSON} mode. */
    public List<String> ignoredFields() { return ignoredFields; }
    public List<String> queryParameters() { return queryParameters; }
    public List<String> headers() { return headers; }
}
