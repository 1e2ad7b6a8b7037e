package dev.idempotency.agent.core.downstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyDerivationTest {

    private static String derive(String service, String scope, String key, String endpoint, String target, int ordinal) {
        return KeyDerivation.derive(service, scope, key, endpoint, target, ordinal);
    }

    @Test
    void theSameInputsGiveTheSameKeyAndEveryFieldCounts() {
        String key = derive("orders", "", "k-1", "create-order", "payments:80", 1);
        assertThat(derive("orders", "", "k-1", "create-order", "payments:80", 1)).isEqualTo(key);
        assertThat(List.of(key,
                derive("orders2", "", "k-1", "create-order", "payments:80", 1),
                derive("orders", "m-1", "k-1", "create-order", "payments:80", 1),
                derive("orders", "", "k-2", "create-order", "payments:80", 1),
                derive("orders", "", "k-1", "refund", "payments:80", 1),
                derive("orders", "", "k-1", "create-order", "payments:81", 1),
                derive("orders", "", "k-1", "create-order", "payments:80", 2))).doesNotHaveDuplicates();
    }

    @Test
    void fieldsCannotBeShiftedIntoOneAnother() {
        assertThat(derive("ab", "c", "k", "e", "t:1", 1)).isNotEqualTo(derive("a", "bc", "k", "e", "t:1", 1));
    }

    @Test
    void aToken43CharactersLongWithoutTheClientKey() {
        assertThat(derive("orders", "", "secret-client-key", "create-order", "payments:80", 1))
                .matches("[A-Za-z0-9_-]{43}").doesNotContain("secret");
    }
}
