package dev.idempotency.agent.cli.verify;

import dev.idempotency.agent.cli.UsageException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

/** {@code --login-form URL --form user=... --form password=...}: how verify logs a session in. */
final class LoginForm {

    final URI uri;
    private final List<String> fields;

    LoginForm(URI uri, List<String> fields) {
        for (String field : fields) {
            if (field.indexOf('=') <= 0) {
                throw new UsageException("verify: --form takes NAME=VALUE, got " + field);
            }
        }
        this.uri = uri;
        this.fields = fields;
    }

    /** The fields as {@code application/x-www-form-urlencoded}, each name and value encoded. */
    String body() {
        return fields.stream().map(field -> {
            int equals = field.indexOf('=');
            return encode(field.substring(0, equals)) + "=" + encode(field.substring(equals + 1));
        }).collect(Collectors.joining("&"));
    }

    /** The field names only: a dry run does not print a password. */
    List<String> fieldNames() {
        return fields.stream().map(field -> field.substring(0, field.indexOf('='))).collect(Collectors.toList());
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
