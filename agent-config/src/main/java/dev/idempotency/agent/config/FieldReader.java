package dev.idempotency.agent.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Reads the fields of one mapping of the config tree. A bad value becomes a problem and the
 * fallback is returned, so reading goes on and every mistake of the file is reported.
 * An absent field and an explicit {@code null} both mean "not set".
 */
final class FieldReader {

    private final JsonNode node;
    private final String path;
    private final List<String> known;
    private final ProblemList problems;
    private final EnvReferences env;

    FieldReader(JsonNode node, String path, List<String> known, ProblemList problems, EnvReferences env) {
        this.path = path;
        this.known = known;
        this.problems = problems;
        this.env = env;
        if (node != null && !node.isNull() && !node.isMissingNode() && !node.isObject()) {
            problems.add(path, null, "must be a mapping of fields, like " + known.get(0) + ": ...");
            this.node = null;
        } else {
            this.node = node != null && node.isObject() ? node : null;
            reportUnknownFields();
        }
    }

    private void reportUnknownFields() {
        if (node == null) {
            return;
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                String closest = ClosestName.to(name, known);
                problems.add(pathOf(name), null, closest != null
                        ? "unknown field; did you mean \"" + closest + "\"?"
                        : "unknown field; known fields here: " + String.join(", ", known));
            }
        }
    }

    String path() {
        return path;
    }

    void problem(String at, String value, String message) {
        problems.add(at, value, message);
    }

    String pathOf(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    boolean has(String field) {
        return value(field) != null;
    }

    /** The value of a known field, or {@code null} when not set. */
    JsonNode value(String field) {
        if (!known.contains(field)) {
            throw new IllegalStateException("field " + field + " is missing from the known fields of " + path);
        }
        JsonNode value = node == null ? null : node.get(field);
        return value == null || value.isNull() ? null : value;
    }

    FieldReader mapping(String field, List<String> fields) {
        return new FieldReader(value(field), pathOf(field), fields, problems, env);
    }

    /** A reader of another mapping of the same file, e.g. an item of a list. */
    FieldReader other(JsonNode node, String at, List<String> fields) {
        return new FieldReader(node, at, fields, problems, env);
    }

    String text(String field, String fallback) {
        JsonNode value = value(field);
        return value == null ? fallback : scalar(value, pathOf(field), fallback);
    }

    /**
     * A text the vocabulary has a rule for: {@code problem} says in words why a text cannot be the
     * value ({@code StoreSettings::tableProblem}), or returns {@code null} when it can.
     */
    String checked(String field, String fallback, Function<String, String> problem) {
        String text = text(field, null);
        if (text == null) {
            return fallback;
        }
        String why = problem.apply(text);
        if (why != null) {
            problems.add(pathOf(field), text, why);
            return fallback;
        }
        return text;
    }

    /**
     * The text of a scalar, env references resolved; a list or mapping where one value belongs is
     * a problem, and so is a reference to a variable that is not set.
     */
    String scalar(JsonNode value, String at, String fallback) {
        if (value.isContainerNode()) {
            problems.add(at, null, "must be a single value, not a " + (value.isArray() ? "list" : "mapping"));
            return fallback;
        }
        if (!value.isTextual()) {
            return value.asText();
        }
        String resolved = env.resolve(value.asText(), at);
        return resolved == null ? fallback : resolved;
    }

    boolean bool(String field, boolean fallback) {
        String text = text(field, null);
        if (text == null) {
            return fallback;
        }
        if (text.equals("true") || text.equals("false")) {
            return Boolean.parseBoolean(text);
        }
        problems.add(pathOf(field), text, "is not a boolean; use true or false");
        return fallback;
    }

    int number(String field, int fallback, int min, int max) {
        String text = text(field, null);
        return text == null ? fallback : number(text, pathOf(field), fallback, min, max);
    }

    private int number(String text, String at, int fallback, int min, int max) {
        String accepted = max == Integer.MAX_VALUE
                ? "use a whole number of at least " + min
                : "use a whole number from " + min + " to " + max;
        if (!text.matches("-?\\d{1,9}")) {
            problems.add(at, text, "is not a whole number; " + accepted);
            return fallback;
        }
        int number = Integer.parseInt(text);
        if (number < min || number > max) {
            problems.add(at, text, "is out of range; " + accepted);
            return fallback;
        }
        return number;
    }

    int status(String field, int fallback) {
        String text = text(field, null);
        return text == null ? fallback : status(text, pathOf(field), fallback);
    }

    private int status(String text, String at, int fallback) {
        String problem = text.matches("\\d{1,3}") ? EndpointSettings.statusProblem(Integer.parseInt(text))
                : EndpointSettings.statusProblem(-1);
        if (problem != null) {
            problems.add(at, text, problem);
            return fallback;
        }
        return Integer.parseInt(text);
    }

    /** A duration; {@code positive} rejects zero where zero would make no sense (a ttl, a timeout). */
    Duration duration(String field, Duration fallback, boolean positive) {
        String text = text(field, null);
        if (text == null) {
            return fallback;
        }
        Duration duration = DurationText.parse(text);
        if (duration == null) {
            problems.add(pathOf(field), text, "is not a duration; " + DurationText.FORMS);
            return fallback;
        }
        if (positive && duration.isZero()) {
            problems.add(pathOf(field), text, "must be longer than 0; " + DurationText.FORMS);
            return fallback;
        }
        return duration;
    }

    long size(String field, long fallback) {
        String text = text(field, null);
        if (text == null) {
            return fallback;
        }
        long size = SizeText.parse(text);
        if (size < 0) {
            problems.add(pathOf(field), text, "is not a size; " + SizeText.FORMS);
            return fallback;
        }
        return size;
    }

    /** An enum constant, written in the config in lower kebab case ({@code fail-closed}). */
    <E extends Enum<E>> E choice(String field, E fallback, Class<E> type) {
        String text = text(field, null);
        if (text == null) {
            return fallback;
        }
        List<String> accepted = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            String name = configName(constant);
            if (name.equals(text)) {
                return constant;
            }
            accepted.add(name);
        }
        problems.add(pathOf(field), text, "is not accepted; use one of: " + String.join(", ", accepted));
        return fallback;
    }

    static String configName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A list of texts; a single value counts as a list of one. */
    List<String> texts(String field, List<String> fallback) {
        List<String> texts = new ArrayList<>();
        return eachItem(field, (text, at) -> texts.add(text)) ? texts : fallback;
    }

    List<Integer> statuses(String field, List<Integer> fallback) {
        List<Integer> statuses = new ArrayList<>();
        boolean set = eachItem(field, (text, at) -> {
            int status = status(text, at, -1);
            if (status > 0) {
                statuses.add(status);
            }
        });
        return set ? statuses : fallback;
    }

    /**
     * Hands each item of a list field to {@code action} with its path ({@code field[2]}); a single
     * value counts as a list of one. Returns whether the field is set.
     */
    boolean eachItem(String field, BiConsumer<String, String> action) {
        JsonNode value = value(field);
        if (value == null) {
            return false;
        }
        String at = pathOf(field);
        if (!value.isArray()) {
            String one = scalar(value, at, null);
            if (one != null) {
                action.accept(one, at);
            }
            return true;
        }
        for (int i = 0; i < value.size(); i++) {
            String itemAt = at + "[" + i + "]";
            String one = scalar(value.get(i), itemAt, null);
            if (one != null) {
                action.accept(one, itemAt);
            }
        }
        return true;
    }
}
