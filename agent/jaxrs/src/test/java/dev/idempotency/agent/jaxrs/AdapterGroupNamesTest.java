package dev.idempotency.agent.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.exchange.ExchangeHost;
import dev.idempotency.agent.jaxrs.jersey.javax.JerseyExchange;
import org.junit.jupiter.api.Test;

/** The JAX-RS adapters name themselves in failure reports by the groups the config and status use. */
class AdapterGroupNamesTest {

    @Test
    void eachAdapterIsNamedByItsInstrumentationGroup() throws ClassNotFoundException {
        assertThat(ExchangeHost.groupOf(JerseyExchange.class)).isEqualTo("jersey-javax");
        assertThat(ExchangeHost.groupOf(Class.forName("dev.idempotency.agent.jaxrs.resteasy.jakarta.ResteasyHost")))
                .isEqualTo("resteasy-jakarta");
    }
}
