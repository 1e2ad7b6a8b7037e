package dev.idempotency.agent.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments of one command: positionals, {@code --name value} options (repeatable) and
 * {@code --flag}s. Anything not declared is a usage error naming the command.
 */
public final class Arguments {

    private final String command;
    private final List<String> positionals = new ArrayList<>();
    private final Map<String, List<String>> options = new LinkedHashMap<>();
    private final Set<String> flags = new HashSet<>();

    private Arguments(String command) {
        this.command = command;
    }

    /**
     * @param valueOptions option names (without {@code --}) that take a value
     * @param flagNames    option names that stand alone
     */
    public static Arguments parse(String command, String[] args, Set<String> valueOptions, Set<String> flagNames) {
        Arguments parsed = new Arguments(command);
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--")) {
                parsed.positionals.add(arg);
                continue;
            }
            String name = arg.substring(2);
            String inlineValue = null;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                inlineValue = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (flagNames.contains(name) && inlineValue == null) {
                parsed.flags.add(name);
            } else if (valueOptions.contains(name)) {
                String value = inlineValue;
                if (value == null) {
                    if (i + 1 >= args.length) {
                        throw new UsageException(command + ": --" + name + " needs a value");
                    }
                    value = args[++i];
                }
                parsed.options.computeIfAbsent(name, any -> new ArrayList<>()).add(value);
            } else {
                throw new UsageException(command + ": unknown option " + arg);
            }
        }
        return parsed;
    }

    public List<String> positionals() {
        return Collections.unmodifiableList(positionals);
    }

    /** The one positional the command takes (e.g. the key); a usage error when absent or repeated. */
    public String onlyPositional(String what) {
        if (positionals.size() != 1) {
            throw new UsageException(command + ": needs exactly one " + what + (positionals.isEmpty() ? ""
                    : ", got " + positionals));
        }
        return positionals.get(0);
    }

    public void noPositionals() {
        if (!positionals.isEmpty()) {
            throw new UsageException(command + ": unexpected argument " + positionals.get(0));
        }
    }

    public boolean flag(String name) {
        return flags.contains(name);
    }

    /** The option's value, or {@code null}; a usage error when it was given twice. */
    public String value(String name) {
        List<String> values = values(name);
        if (values.size() > 1) {
            throw new UsageException(command + ": --" + name + " given " + values.size() + " times; give it once");
        }
        return values.isEmpty() ? null : values.get(0);
    }

    public List<String> values(String name) {
        return options.getOrDefault(name, Collections.emptyList());
    }

    /** A positive whole number, or {@code fallback} when the option is absent. */
    public int positiveInt(String name, int fallback) {
        String text = value(name);
        if (text == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(command + ": --" + name + " must be a positive whole number, was '" + text + "'");
    }

    public String command() {
        return command;
    }
}
