package dev.idempotency.agent.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PathTemplateTest {

    @Test
    void variableSegmentsMatchExactlyOneSegment() {
        PathTemplate payments = PathTemplate.of("/orders/{id}/payments");

        assertThat(payments.matches("/orders/42/payments")).isTrue();
        assertThat(payments.matches("/orders//payments")).isFalse();
        assertThat(payments.matches("/orders/42/7/payments")).isFalse();
        assertThat(payments.matches("/orders/42/payments/1")).isFalse();
        assertThat(payments.variableNames()).containsExactly("id");
        assertThat(PathTemplate.of("/").matches("/")).isTrue();
    }

    @Test
    void trailingSlashIsTheSameTemplate() {
        PathTemplate slashed = PathTemplate.of("/orders/");

        assertThat(slashed.matches("/orders")).isTrue();
        assertThat(slashed.shape()).isEqualTo(PathTemplate.of("/orders").shape());
        assertThat(slashed.text()).as("kept as written, for messages").isEqualTo("/orders/");
    }

    @Test
    void shapeIgnoresVariableNames() {
        assertThat(PathTemplate.of("/orders/{id}").shape()).isEqualTo(PathTemplate.of("/orders/{orderId}").shape());
        assertThat(PathTemplate.of("/orders/{id}").shape()).isNotEqualTo(PathTemplate.of("/orders/new").shape());
    }

    @Test
    void rejectsTextsThatAreNoTemplates() {
        assertThatThrownBy(() -> PathTemplate.of("/orders//new")).hasMessage(
                "\"/orders//new\" is not a path template; it has an empty segment (//)");
        assertThatThrownBy(() -> PathTemplate.of("/orders/./new")).hasMessageContaining("dot segments");
        assertThatThrownBy(() -> PathTemplate.of("/orders;v=1")).hasMessageContaining("path parameters");
        assertThatThrownBy(() -> PathTemplate.of("/%6Frders")).hasMessageContaining("matched decoded");
        assertThatThrownBy(() -> PathTemplate.of("/orders?id=1")).hasMessage(
                "\"/orders?id=1\" is not a path template; leave out the query string, like /orders/{id}");
        assertThatThrownBy(() -> PathTemplate.of("/orders/{}")).hasMessage(
                "\"/orders/{}\" is not a path template; a variable must be a whole named segment, like /orders/{id}");
    }
}
