package dev.idempotency.agent.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sizes as written in the config: {@code 512KB}, {@code 1MB}, or a number of bytes; 1KB is 1024 bytes. */
final class SizeText {

    static final String FORMS = "use forms like 512KB, 1MB, or a number of bytes";

    private static final Pattern SIZE = Pattern.compile("(\\d{1,12}) ?(B|KB|MB|GB)?", Pattern.CASE_INSENSITIVE);

    private SizeText() {
    }

    /** The size in bytes, or {@code -1} when the text is not a size. */
    static long parse(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            return -1;
        }
        long amount = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "B" : m.group(2).toUpperCase(Locale.ROOT);
        int shift = "KB".equals(unit) ? 10 : "MB".equals(unit) ? 20 : "GB".equals(unit) ? 30 : 0;
        return amount > (Long.MAX_VALUE >> shift) ? -1 : amount << shift;
    }
}
