package dev.idempotency.agent.references.probe;

import javax.servlet.http.HttpServletRequest;

/** Calls a method Servlet 4.0 added: must be reported against 3.1, never against 4.0. */
public final class ServletMappingProbe {

    private ServletMappingProbe() {
    }

    public static String matchedPattern(HttpServletRequest request) {
        return request.getHttpServletMapping().getPattern();
    }
}
