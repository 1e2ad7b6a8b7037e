package dev.idempotency.agent.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as written in the config: {@code 500ms}, {@code 30s}, {@code 15m}, {@code 24h}, {@code 7d}.
 * Public so the operator's command line reads them the same way.
 */
public final class DurationText {

    public static final String FORMS = "use forms like 30s, 15m, 24h";

    private static final Pattern DURATION = Pattern.compile("(\\d{1,12})(ms|s|m|h|d)");

    private DurationText() {
    }

    /** The duration, or {@code null} when the text is not one. A bare {@code 0} is accepted. */
    public static Duration parse(String text) {
        String trimmed = text.trim();
        if (trimmed.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = DURATION.matcher(trimmed);
        if (!m.matches()) {
            return null;
        }
        long amount = Long.parseLong(m.group(1));
        switch (m.group(2)) {
            case "ms":
                return Duration.ofMillis(amount);
            case "s":
                return Duration.ofSeconds(amount);
            case "m":
                return Duration.ofMinutes(amount);
            case "h":
                return Duration.ofHours(amount);
            default:
                return Duration.ofDays(amount);
        }
    }

    /** The shortest config form of a duration, e.g. {@code 24h} rather than {@code 86400s}. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        long[] sizes = {86_400_000L, 3_600_000L, 60_000L, 1_000L};
        String[] units = {"d", "h", "m", "s"};
        for (int i = 0; i < sizes.length; i++) {
            if (millis != 0 && millis % sizes[i] == 0) {
                return millis / sizes[i] + units[i];
            }
        }
        return millis + "ms";
    }
}
