package dev.idempotency.agent.core.fingerprint;

import java.util.Collections;
import java.util.ArrayList;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.vocabulary.FingerprintMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * What one endpoint puts into a request's fingerprint: method, the normalised path the host
 * routed (normalised by the routing, which matched the endpoint on it), the query parameters (all of them unless the endpoint names a subset) and the
 * configured headers, each sorted by name, and the body per {@link FingerprintMode}. Every field
 * enters length-prefixed, so no two different requests can concatenate to the same input.
 */
public final class FingerprintRecipe {

    private static final byte[] RAW_TAG = "raw".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] JSON_TAG = "json".getBytes(StandardCharsets.US_ASCII);

    private final FingerprintMode mode;
    /** {@code null}: every parameter of the query string. */
    private final List<String> queryParameters;
    private final List<String> headers;
    private final JsonCanonicalizer canonicalizer;

    /** @param queryParameters the parameters fingerprinted, or {@code null} for the whole query string */
    public FingerprintRecipe(FingerprintMode mode, Collection<String> ignoredFields,
            Collection<String> queryParameters, Collection<String> headers) {
        this.mode = mode;
        this.queryParameters = queryParameters == null ? null : Collections.unmodifiableList(new ArrayList<>(new TreeSet<>(queryParameters)));
        this.headers = lowerCaseSorted(headers);
        this.canonicalizer = new JsonCanonicalizer(new IgnoredFields(ignoredFields));
    }

    public FingerprintMode mode() {
        return mode;
    }

    /** @param routedPath the request's routed path in normal form, as the routing matched it */
    public Fingerprint compute(RequestView request, String routedPath, byte[] body) {
        MessageDigest digest = Sha256.newDigest();
        update(digest, request.method());
        update(digest, routedPath);
        QueryParameters query = QueryParameters.parse(request.rawQuery());
        for (String name : queryParameters == null ? query.names() : queryParameters) {
            updateNamed(digest, name, query.values(name));
        }
        for (String name : headers) {
            updateNamed(digest, name, request.headers(name));
        }
        byte[] bytes = body == null ? new byte[0] : body;
        boolean fellBack = false;
        if (mode == FingerprintMode.JSON && bytes.length > 0) {
            byte[] canonical = canonicalizer.canonicalize(bytes);
            fellBack = canonical == null;
            if (!fellBack) {
                update(digest, JSON_TAG);
                update(digest, canonical);
                return new Fingerprint(Sha256.toHex(digest.digest()), false);
            }
        }
        update(digest, RAW_TAG);
        update(digest, bytes);
        return new Fingerprint(Sha256.toHex(digest.digest()), fellBack);
    }

    private static void updateNamed(MessageDigest digest, String name, List<String> values) {
        update(digest, name);
        List<String> present = values == null ? Collections.emptyList() : values;
        updateLength(digest, present.size());
        for (String value : present) {
            update(digest, value);
        }
    }

    private static void update(MessageDigest digest, String text) {
        update(digest, (text == null ? "" : text).getBytes(StandardCharsets.UTF_8));
    }

    private static void update(MessageDigest digest, byte[] bytes) {
        updateLength(digest, bytes.length);
        digest.update(bytes);
    }

    private static void updateLength(MessageDigest digest, int length) {
        digest.update((byte) (length >>> 24));
        digest.update((byte) (length >>> 16));
        digest.update((byte) (length >>> 8));
        digest.update((byte) length);
    }

    private static List<String> lowerCaseSorted(Collection<String> names) {
        TreeSet<String> sorted = new TreeSet<>();
        for (String name : names) {
            sorted.add(name.toLowerCase(Locale.ROOT));
        }
        return Collections.unmodifiableList(new ArrayList<>(sorted));
    }
}
