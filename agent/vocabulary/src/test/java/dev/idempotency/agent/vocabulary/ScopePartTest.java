package dev.idempotency.agent.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ScopePartTest {

    @Test
    void theConfigNotationParses() {
        assertThat(ScopePart.parse("none")).isEqualTo(ScopePart.none());
        assertThat(ScopePart.parse(" principal ")).isEqualTo(ScopePart.principal());
        assertThat(ScopePart.parse("header:X-Tenant-Id")).isEqualTo(ScopePart.header("X-Tenant-Id"));
        assertThat(ScopePart.parse("cookie:SESSION").cookieName()).isEqualTo("SESSION");
        assertThat(ScopePart.parse("header:X-Tenant-Id").toString()).isEqualTo("header:X-Tenant-Id");
    }

    @Test
    void anythingElseIsRefusedWithTheForms() {
        assertThatThrownBy(() -> ScopePart.parse("tenant")).hasMessageContaining(ScopePart.FORMS);
        assertThatThrownBy(() -> ScopePart.parse("Principal")).hasMessageContaining(ScopePart.FORMS);
        assertThatThrownBy(() -> ScopePart.parse("header:")).hasMessageContaining("not a header name");
        assertThatThrownBy(() -> ScopePart.parse("header:X Tenant")).hasMessageContaining("not a header name");
        assertThatThrownBy(() -> ScopePart.parse("cookie:a;b")).hasMessageContaining("not a cookie name");
    }

    @Test
    void headerNamesCompareIgnoringCaseCookieNamesDoNot() {
        assertThat(ScopePart.header("X-Tenant-Id")).isEqualTo(ScopePart.header("x-tenant-id"))
                .hasSameHashCodeAs(ScopePart.header("x-tenant-id"));
        assertThat(ScopePart.cookie("SESSION")).isNotEqualTo(ScopePart.cookie("session"));
    }
}
