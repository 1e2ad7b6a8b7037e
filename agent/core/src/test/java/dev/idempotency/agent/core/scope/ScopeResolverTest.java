package dev.idempotency.agent.core.scope;

import dev.idempotency.agent.vocabulary.ScopePart;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.core.testing.TestRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScopeResolverTest {

    @Test
    void noneIsTheWholeService() {
        ResolvedScope scope = new ScopeResolver(List.of(ScopePart.none())).resolve(TestRequest.post("/x").build());
        assertThat(scope.isResolved()).isTrue();
        assertThat(scope.value()).isEmpty();
    }

    @Test
    void headerScopeIsTheHeaderValue() {
        ScopeResolver resolver = new ScopeResolver(List.of(ScopePart.header("X-Tenant-Id")));
        assertThat(resolver.resolve(TestRequest.post("/x").header("x-tenant-id", "acme").build()).value())
                .isEqualTo("acme");
    }

    @Test
    void principalScopeIsThePrincipalName() {
        ScopeResolver resolver = new ScopeResolver(List.of(ScopePart.principal()));
        assertThat(resolver.resolve(TestRequest.post("/x").principal("alice").build()).value()).isEqualTo("alice");
    }

    @Test
    void cookieScopeIsThatCookiesValue() {
        ScopeResolver resolver = new ScopeResolver(List.of(ScopePart.parse("cookie:SESSION")));
        assertThat(resolver.resolve(TestRequest.post("/x").header("Cookie", "theme=dark; SESSION=\"abc\"").build())
                .value()).isEqualTo("abc");
        assertThat(resolver.resolve(TestRequest.post("/x").header("Cookie", "a=1").header("Cookie", "SESSION=def")
                .build()).value()).as("several Cookie lines").isEqualTo("def");
        ResolvedScope missing = resolver.resolve(TestRequest.post("/x").header("Cookie", "session=lower").build());
        assertThat(missing.isResolved()).as("cookie names are case-sensitive").isFalse();
        assertThat(missing.missingReason()).isEqualTo("the request has no SESSION cookie, which scopes the key");
        assertThat(ScopePart.parse("cookie:SESSION").toString()).isEqualTo("cookie:SESSION");
    }

    @Test
    void sessionCookiesAreRecognisedByName() {
        assertThat(RequestCookies.hasSessionCookie(List.of("JSESSIONID=1"))).isTrue();
        assertThat(RequestCookies.hasSessionCookie(List.of("theme=dark; demo-session=2"))).isTrue();
        assertThat(RequestCookies.hasSessionCookie(List.of("theme=dark"))).isFalse();
        assertThat(RequestCookies.hasSessionCookie(null)).isFalse();
    }

    @Test
    void missingSourceIsReportedNotDefaultedToGlobal() {
        ScopeResolver byHeader = new ScopeResolver(List.of(ScopePart.header("X-Tenant-Id")));
        ResolvedScope scope = byHeader.resolve(TestRequest.post("/x").build());
        assertThat(scope.isResolved()).isFalse();
        assertThat(scope.missingReason()).contains("X-Tenant-Id");
        assertThat(byHeader.resolve(TestRequest.post("/x").header("X-Tenant-Id", " ").build()).isResolved()).isFalse();

        ResolvedScope noPrincipal = new ScopeResolver(List.of(ScopePart.principal())).resolve(TestRequest.post("/x").build());
        assertThat(noPrincipal.missingReason()).contains("principal");
    }

    @Test
    void combinationsAreJoinedUnambiguously() {
        ScopeResolver resolver = new ScopeResolver(List.of(ScopePart.header("A"), ScopePart.header("B")));
        String first = resolver.resolve(TestRequest.post("/x").header("A", "ab").header("B", "c").build()).value();
        String second = resolver.resolve(TestRequest.post("/x").header("A", "a").header("B", "bc").build()).value();
        assertThat(first).isNotEqualTo(second);
        assertThat(resolver.resolve(TestRequest.post("/x").header("A", "ab").build()).isResolved()).isFalse();
    }

    @Test
    void headerAndPrincipalCombine() {
        ScopeResolver resolver = new ScopeResolver(List.of(ScopePart.header("X-Tenant-Id"), ScopePart.principal()));
        assertThat(resolver.resolve(TestRequest.post("/x").header("X-Tenant-Id", "acme").principal("bob").build())
                .value()).isEqualTo("4:acme3:bob");
    }

    @Test
    void overlongScopeIsHashedToFitTheStore() {
        ScopeResolver resolver = new ScopeResolver(List.of(ScopePart.header("A")));
        String value = resolver.resolve(TestRequest.post("/x").header("A", "t".repeat(300)).build()).value();
        assertThat(value).startsWith("sha256:").hasSize(71);
    }
}
