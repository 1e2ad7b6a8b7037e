package dev.idempotency.agent.cli;

import java.util.Collections;
import dev.idempotency.agent.core.response.FieldSyntax;
import dev.idempotency.agent.core.response.ReplayHeaders;
import dev.idempotency.agent.store.StoredResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The answer an operator gives for a key whose outcome was reconciled by hand: {@code --status},
 * {@code --body-file}, {@code --header 'Name: value'}. Headers a replay never repeats (cookies,
 * credentials, hop-by-hop) are refused, as the agent would never store them, and so is a header
 * that is not valid HTTP field syntax (a value with a line break would inject another header).
 */
final class ReconciledResponse {

    static final String DEFAULT_CONTENT_TYPE = "application/json";

    private ReconciledResponse() {
    }

    static StoredResponse from(Arguments arguments) {
        int status = status(arguments.value("status"));
        byte[] body = body(arguments.value("body-file"));
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String header : arguments.values("header")) {
            int colon = header.indexOf(':');
            String name = colon <= 0 ? "" : header.substring(0, colon).trim();
            if (!FieldSyntax.isName(name)) {
                throw new UsageException("resolve: --header must look like 'Location: /orders/7', was '"
                        + printable(header) + "'");
            }
            String value = header.substring(colon + 1).trim();
            if (!FieldSyntax.isValue(value)) {
                throw new UsageException("resolve: --header " + name + " has a line break or control character in "
                        + "its value ('" + printable(value) + "'); give one header per --header, each on one line");
            }
            if (!new ReplayHeaders(Collections.singletonList(name)).allows(name)) {
                throw new UsageException("resolve: --header " + name + " is never stored or replayed by the agent");
            }
            headers.computeIfAbsent(name, any -> new ArrayList<>()).add(value);
        }
        if (body.length > 0 && headers.keySet().stream().noneMatch(name -> name.equalsIgnoreCase("Content-Type"))) {
            headers.put("Content-Type", Collections.singletonList(DEFAULT_CONTENT_TYPE));
        }
        return new StoredResponse(status, headers, body, true);
    }

    /** The text with control characters shown as escapes, so the message itself stays on one line. */
    private static String printable(String text) {
        StringBuilder shown = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                shown.append(String.format("\\x%02X", (int) c));
            } else {
                shown.append(c);
            }
        }
        return shown.toString();
    }

    private static int status(String text) {
        if (text == null) {
            throw new UsageException("resolve: --complete needs --status N, the status retries will receive");
        }
        try {
            int status = Integer.parseInt(text.trim());
            if (status >= 200 && status <= 599) {
                return status;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("resolve: --status must be an HTTP status 200..599, was '" + text + "'");
    }

    private static byte[] body(String file) {
        if (file == null) {
            return new byte[0];
        }
        try {
            return Files.readAllBytes(Paths.get(file));
        } catch (IOException e) {
            throw new CommandFailed("resolve: cannot read --body-file " + file + ": " + e);
        }
    }
}
