package dev.idempotency.agent.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Writes config files into a test's temporary directory and loads them. */
final class ConfigFiles {

    private final Path dir;
    private final Map<String, String> env;

    ConfigFiles(Path dir, Map<String, String> env) {
        this.dir = dir;
        this.env = env;
    }

    Path write(String name, String content) {
        try {
            return Files.writeString(dir.resolve(name), content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Function<String, String> env() {
        return env::get;
    }

    AgentConfig load(String name, String content) throws ConfigException {
        return ConfigLoader.load(write(name, content), env());
    }

    /** The problem lines of a file that must not load. */
    List<String> problems(String name, String content) {
        Path file = write(name, content);
        ConfigException[] thrown = new ConfigException[1];
        assertThatThrownBy(() -> ConfigLoader.load(file, env()))
                .isInstanceOfSatisfying(ConfigException.class, e -> thrown[0] = e);
        return List.of(thrown[0].getMessage().split("\n"));
    }

    /** A problem line as printed for {@code name}: the file as given, then the rest. */
    String line(String name, String rest) {
        return dir.resolve(name) + ": " + rest;
    }
}
