package dev.idempotency.agent.config;

import java.util.List;
import java.util.Locale;

/** Finds the known name a mistyped one most likely meant, so a typo never passes silently. */
final class ClosestName {

    private ClosestName() {
    }

    /** The closest known name, or {@code null} when none is close enough to suggest. */
    static String to(String typed, List<String> known) {
        String target = normalise(typed);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int distance = distance(target, normalise(candidate));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        int allowed = target.length() <= 4 ? 1 : target.length() <= 8 ? 2 : 3;
        return bestDistance <= allowed ? best : null;
    }

    // camelCase and snake_case spellings of a kebab-case name count as the same name.
    private static String normalise(String name) {
        return name.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    }

    /** Edit distance counting a swap of two neighbouring letters as one edit. */
    private static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
