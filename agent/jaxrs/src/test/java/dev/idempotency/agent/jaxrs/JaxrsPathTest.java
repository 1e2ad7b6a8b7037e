package dev.idempotency.agent.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JaxrsPathTest {

    @Test
    void givesTheRuntimesRelativePathTheLeadingSlashOfADeclaredTemplate() {
        assertThat(JaxrsPath.belowBaseUri("orders/7/payments")).isEqualTo("/orders/7/payments");
    }

    @Test
    void keepsALeadingSlashTheRuntimeAlreadyGave() {
        assertThat(JaxrsPath.belowBaseUri("/orders")).isEqualTo("/orders");
    }

    @Test
    void theApplicationRootIsTheSlash() {
        assertThat(JaxrsPath.belowBaseUri("")).isEqualTo("/");
    }
}
