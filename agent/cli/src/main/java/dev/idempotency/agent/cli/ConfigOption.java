package dev.idempotency.agent.cli;

import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.ConfigException;
import dev.idempotency.agent.config.ConfigLoader;
import dev.idempotency.agent.config.ConfigLocation;

/**
 * The agent's config as a command finds it: {@code --config <file>}, else where the agent looks
 * (system property, then environment variable). A missing one is a usage error; a broken one fails
 * the command with the file's problems.
 */
public final class ConfigOption {

    public static final String NAME = "config";

    private ConfigOption() {
    }

    public static AgentConfig load(Arguments arguments) {
        String given = arguments.value(NAME);
        ConfigLocation location;
        try {
            location = given != null ? ConfigLocation.commandOption(given)
                    : ConfigLocation.resolve(null, System::getProperty, System::getenv);
        } catch (ConfigException none) {
            throw new UsageException(arguments.command() + ": no config file; pass --config <file>, or set -D"
                    + ConfigLocation.SYSTEM_PROPERTY + " or " + ConfigLocation.ENVIRONMENT_VARIABLE
                    + " as for the agent");
        }
        try {
            return ConfigLoader.load(location.path());
        } catch (ConfigException invalid) {
            throw new CommandFailed("the config " + location + " has errors:\n" + invalid.getMessage());
        }
    }
}
