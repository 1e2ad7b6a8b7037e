package dev.idempotency.agent.core.scope;

import java.util.Collections;
import dev.idempotency.agent.bootstrap.RequestView;
import dev.idempotency.agent.core.fingerprint.Sha256;
import dev.idempotency.agent.vocabulary.ScopePart;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves the scope of a request from its configured parts. One part keeps its value as is, so
 * operators recognise a tenant in the store; several parts are joined length-prefixed
 * ({@code 4:acme5:alice}), which no two different combinations can share. A scope longer than the
 * store's column is replaced by its SHA-256, prefixed so it cannot collide with a literal value.
 */
public final class ScopeResolver {

    /** The store's scope column width. */
    public static final int MAX_STORED_LENGTH = 255;

    private final List<ScopePart> parts;
    private final boolean global;

    public ScopeResolver(List<ScopePart> parts) {
        List<ScopePart> sources = new ArrayList<>();
        for (ScopePart part : parts) {
            if (part.kind() != ScopePart.Kind.NONE) {
                sources.add(part);
            }
        }
        this.parts = Collections.unmodifiableList(new ArrayList<>(sources));
        this.global = sources.isEmpty();
    }

    public List<ScopePart> parts() {
        return parts;
    }

    public ResolvedScope resolve(RequestView request) {
        if (global) {
            return ResolvedScope.global();
        }
        for (ScopePart part : parts) {
            String ambiguity = ambiguity(part, request);
            if (ambiguity != null) {
                return ResolvedScope.missing(ambiguity);
            }
        }
        if (parts.size() == 1) {
            String value = valueOf(parts.get(0), request);
            return value == null ? missing(parts.get(0)) : ResolvedScope.of(bounded(value));
        }
        StringBuilder joined = new StringBuilder();
        for (ScopePart part : parts) {
            String value = valueOf(part, request);
            if (value == null) {
                return missing(part);
            }
            joined.append(value.length()).append(':').append(value);
        }
        return ResolvedScope.of(bounded(joined.toString()));
    }

    private static String valueOf(ScopePart part, RequestView request) {
        String value;
        if (part.kind() == ScopePart.Kind.PRINCIPAL) {
            value = request.principal();
        } else if (part.kind() == ScopePart.Kind.COOKIE) {
            value = RequestCookies.value(request.headers("Cookie"), part.cookieName());
        } else {
            List<String> values = request.headers(part.headerName());
            value = values == null || values.isEmpty() ? null : String.join(",", values).trim();
        }
        return value == null || value.isEmpty() ? null : value;
    }

    /**
     * Why a cookie part names no single scope: the request sends that cookie more than once with
     * different values ({@code JSESSIONID=old; JSESSIONID=current}), and the host may take either
     * (Tomcat takes the first that names a live session), so any one the agent chose could be
     * another scope than the host's and let a used key execute again. {@code null} when unambiguous.
     */
    private static String ambiguity(ScopePart part, RequestView request) {
        if (part.kind() != ScopePart.Kind.COOKIE) {
            return null;
        }
        int sent = RequestCookies.values(request.headers("Cookie"), part.cookieName()).size();
        return sent < 2 ? null : "the request has no single " + part.cookieName() + " cookie (it sends " + sent
                + " different ones, and the host may take any of them), which scopes the key: send one";
    }

    private static ResolvedScope missing(ScopePart part) {
        switch (part.kind()) {
            case PRINCIPAL:
                return ResolvedScope.missing("the request has no authenticated principal, which scopes the key");
            case COOKIE:
                return ResolvedScope.missing("the request has no " + part.cookieName() + " cookie, which scopes the key");
            default:
                return ResolvedScope.missing("the request has no " + part.headerName() + " header, which scopes the key");
        }
    }

    private static String bounded(String scope) {
        if (scope.length() <= MAX_STORED_LENGTH) {
            return scope;
        }
        return "sha256:" + Sha256.hex(scope.getBytes(StandardCharsets.UTF_8));
    }
}
