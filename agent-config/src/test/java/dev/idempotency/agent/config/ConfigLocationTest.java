package dev.idempotency.agent.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ConfigLocationTest {

    private static final Function<String, String> NONE = name -> null;
    private static final Function<String, String> PROPERTY =
            Map.of("idempotency.agent.config", "/etc/from-property.yaml")::get;
    private static final Function<String, String> ENV =
            Map.of("IDEMPOTENCY_AGENT_CONFIG", "/etc/from-env.yaml")::get;

    @Test
    void agentArgumentWinsOverPropertyAndEnvironment() throws Exception {
        ConfigLocation location = ConfigLocation.resolve("config=/etc/agent.yaml", PROPERTY, ENV);
        assertThat(location.path()).isEqualTo(Path.of("/etc/agent.yaml"));
        assertThat(location.origin()).isEqualTo(ConfigLocation.Origin.AGENT_ARGUMENT);
    }

    @Test
    void systemPropertyWinsOverEnvironment() throws Exception {
        ConfigLocation location = ConfigLocation.resolve(null, PROPERTY, ENV);
        assertThat(location.path()).isEqualTo(Path.of("/etc/from-property.yaml"));
        assertThat(location.origin()).isEqualTo(ConfigLocation.Origin.SYSTEM_PROPERTY);
        assertThat(location.toString()).isEqualTo("/etc/from-property.yaml (from the system property idempotency.agent.config)");
    }

    @Test
    void environmentIsTheLastResort() throws Exception {
        ConfigLocation location = ConfigLocation.resolve("", NONE, ENV);
        assertThat(location.path()).isEqualTo(Path.of("/etc/from-env.yaml"));
        assertThat(location.origin()).isEqualTo(ConfigLocation.Origin.ENVIRONMENT_VARIABLE);
    }

    @Test
    void noneOfTheThreeNamesAllOfThem() {
        ConfigException e = catchThrowableOfType(ConfigException.class, () -> ConfigLocation.resolve(null, NONE, NONE));
        assertThat(e.getMessage()).isEqualTo("no config file given; pass"
                + " -javaagent:idempotency-agent.jar=config=/path/agent.yaml,"
                + " or -Didempotency.agent.config=/path/agent.yaml, or set IDEMPOTENCY_AGENT_CONFIG=/path/agent.yaml");
    }

    @Test
    void unknownOrEmptyAgentArgumentsAreErrors() {
        ConfigException e = catchThrowableOfType(ConfigException.class,
                () -> ConfigLocation.resolve("conifg=/etc/agent.yaml, debug=true, config=", PROPERTY, ENV));
        assertThat(e.getMessage().split("\n")).containsExactly(
                "agent argument: \"conifg=/etc/agent.yaml\" has an unknown option \"conifg\"; did you mean \"config\"?"
                        + " options are key=value separated by commas: config",
                "agent argument: \"debug=true\" has an unknown option \"debug\";"
                        + " options are key=value separated by commas: config",
                "agent argument: \"config=\" has no value; write config=/path/agent.yaml");
    }

    @Test
    void optionsAreCommaSeparated() throws Exception {
        assertThat(ConfigLocation.resolve(" config = ./agent.yaml ", NONE, NONE).path()).isEqualTo(Path.of("./agent.yaml"));
        ConfigException e = catchThrowableOfType(ConfigException.class,
                () -> ConfigLocation.resolve("config=a.yaml,config=b.yaml", NONE, NONE));
        assertThat(e.getMessage()).isEqualTo("agent argument: \"config=b.yaml\" repeats config; give it once");
    }
}
