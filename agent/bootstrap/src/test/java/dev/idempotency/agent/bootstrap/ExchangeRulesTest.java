package dev.idempotency.agent.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rules every adapter applies the same way: a failure's status, and a verdict's headers. */
class ExchangeRulesTest {

    @Test
    void aFailureBeforeTheResponseWasCommittedIsThe500TheContainerSends() {
        assertThat(CapturedResponse.statusReceived(200, false, new IllegalStateException())).isEqualTo(500);
    }

    @Test
    void aFailureAfterTheCommitLeavesTheStatusTheClientAlreadyHas() {
        assertThat(CapturedResponse.statusReceived(201, true, new IllegalStateException())).isEqualTo(201);
    }

    @Test
    void withoutAFailureTheStatusIsTheApplications() {
        assertThat(CapturedResponse.statusReceived(404, false, null)).isEqualTo(404);
    }

    @Test
    void eachNamesFirstValueIsSetAndTheOthersAddedInOrder() {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("Content-Type", List.of("application/json"));
        headers.put("Set-Cookie", List.of("a=1", "b=2"));
        List<String> calls = new ArrayList<>();

        Verdict.respond(200, headers, new byte[0], null).addHeadersTo(new HeaderTarget() {
            @Override
            public void set(String name, String value) {
                calls.add("set " + name + ": " + value);
            }

            @Override
            public void add(String name, String value) {
                calls.add("add " + name + ": " + value);
            }
        });

        assertThat(calls).containsExactly("set Content-Type: application/json", "set Set-Cookie: a=1",
                "add Set-Cookie: b=2");
    }

    @Test
    void aTargetThatOnlyAddsGetsEveryValue() {
        List<String> added = new ArrayList<>();

        Verdict.proceed(null, Map.of("Vary", List.of("A", "B"))).addHeadersTo((name, value) -> added.add(name + ": " + value));

        assertThat(added).containsExactly("Vary: A", "Vary: B");
    }

    @Test
    void noHeadersIsNothingToAdd() {
        List<String> added = new ArrayList<>();

        Verdict.proceed(null, null).addHeadersTo((name, value) -> added.add(name));

        assertThat(added).isEmpty();
    }
}
