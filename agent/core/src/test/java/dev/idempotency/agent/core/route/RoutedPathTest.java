package dev.idempotency.agent.core.route;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RoutedPathTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "/orders, /orders",
            "//orders, /orders",
            "/orders/, /orders",
            "/orders//, /orders",
            "/./orders, /orders",
            "/x/../orders, /orders",
            "/../orders, /orders",
            "/orders/;x, /orders",
            "/orders;jsessionid=A1B2, /orders",
            "/orders/1;v=2/payments;x=1, /orders/1/payments",
            "/orders/1//payments/, /orders/1/payments",
            "/orders/1/./payments, /orders/1/payments",
            "/orders/.hidden, /orders/.hidden",
            "/orders/..., /orders/...",
            "/, /",
            "'', /",
            "//, /",
            "/.., /",
            "orders, /orders",
    })
    void normalForm(String path, String normal) {
        assertThat(RoutedPath.normalise(path)).isEqualTo(normal);
    }

    @Test
    void aPathInNormalFormIsReturnedAsItIs() {
        String path = "/orders/42/payments";
        assertThat(RoutedPath.normalise(path)).isSameAs(path);
        assertThat(RoutedPath.isNormal("/orders/.hidden")).isTrue();
        assertThat(RoutedPath.isNormal("/orders/..")).isFalse();
    }
}
