package dev.idempotency.agent.vocabulary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PathTemplateTest {

    private static final String NOT = "is not a path template; ";

    // ---- matching ----

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

    @ParameterizedTest
    @CsvSource({
        "/orders,                 /orders,                true",
        "/orders,                 /orders/1,              false",
        "/orders,                 /order,                 false",
        "/orders,                 /ordersx,               false",
        "/orders,                 /Orders,                false",
        "/orders,                 /orders/,               false",
        "/orders,                 /,                      false",
        "/orders,                 orders,                 false",
        "/orders/new,             /orders/new,            true",
        "/orders/new,             /orders/news,           false",
        "/orders/new,             /orders,                false",
        "/,                       /,                      true",
        "/,                       /orders,                false",
        "/{tenant}/orders,        /acme/orders,           true",
        "/{tenant}/orders,        //orders,               false",
        "/{tenant}/orders,        /orders,                false",
        "/orders/{id},            /orders/42,             true",
        "/orders/{id},            /orders/a b;c=d,        true",
        "/orders/{id},            /orders/ünïcödé,        true",
        "/orders/{id},            /orders/,               false",
        "/orders/{id},            /orders,                false",
        "/orders/{id},            /orders/42/,            false",
        "/a/{x}/b/{y},            /a/1/b/2,               true",
        "/a/{x}/b/{y},            /a/1/c/2,               false",
        "/a/{x}/b/{y},            /a/1/b,                 false",
    })
    void matchesAPathInNormalFormSegmentBySegment(String template, String path, boolean matches) {
        assertThat(PathTemplate.of(template).matches(path)).as("%s matches %s", template, path).isEqualTo(matches);
    }

    @Test
    void anEmptyPathMatchesNothing() {
        assertThat(PathTemplate.of("/").matches("")).isFalse();
        assertThat(PathTemplate.of("/{id}").matches("")).isFalse();
    }

    // ---- normalisation: the trailing slash ----

    @Test
    void trailingSlashIsTheSameTemplate() {
        PathTemplate slashed = PathTemplate.of("/orders/");

        assertThat(slashed.matches("/orders")).isTrue();
        assertThat(slashed.shape()).isEqualTo(PathTemplate.of("/orders").shape());
        assertThat(slashed.text()).as("kept as written, for messages").isEqualTo("/orders/");
    }

    @Test
    void aTrailingSlashAfterAVariableMeansNothingEither() {
        PathTemplate slashed = PathTemplate.of("/orders/{id}/");

        assertThat(slashed.matches("/orders/42")).isTrue();
        assertThat(slashed.segments()).containsExactly("orders", "{id}");
        assertThat(slashed.shape()).isEqualTo("/orders/{}");
    }

    // ---- what a template tells about itself ----

    @Test
    void segmentsKeepTheVariablesBraces() {
        assertThat(PathTemplate.of("/orders/{id}/payments").segments()).containsExactly("orders", "{id}", "payments");
        assertThat(PathTemplate.of("/").segments()).containsExactly("");
    }

    @Test
    void variableNamesComeInTheirOrder() {
        assertThat(PathTemplate.of("/{tenant}/orders/{id}/lines/{line}").variableNames())
                .containsExactly("tenant", "id", "line");
        assertThat(PathTemplate.of("/orders").variableNames()).isEmpty();
    }

    @Test
    void aTemplateWithoutVariablesIsExact() {
        assertThat(PathTemplate.of("/orders/new").isExact()).isTrue();
        assertThat(PathTemplate.of("/").isExact()).isTrue();
        assertThat(PathTemplate.of("/orders/{id}").isExact()).isFalse();
        assertThat(PathTemplate.of("/{tenant}/orders").isExact()).isFalse();
    }

    @Test
    void theFirstLiteralIsNullForALeadingVariable() {
        assertThat(PathTemplate.of("/orders/{id}").firstLiteral()).isEqualTo("orders");
        assertThat(PathTemplate.of("/{tenant}/orders").firstLiteral()).isNull();
        assertThat(PathTemplate.of("/").firstLiteral()).isEmpty();
    }

    @Test
    void shapeIgnoresVariableNames() {
        assertThat(PathTemplate.of("/orders/{id}").shape()).isEqualTo(PathTemplate.of("/orders/{orderId}").shape());
        assertThat(PathTemplate.of("/orders/{id}").shape()).isNotEqualTo(PathTemplate.of("/orders/new").shape());
        assertThat(PathTemplate.of("/{a}/x/{b}").shape()).isEqualTo("/{}/x/{}");
    }

    @Test
    void equalityIsTheTextAsWritten() {
        assertThat(PathTemplate.of("/orders/{id}")).isEqualTo(PathTemplate.of("/orders/{id}"))
                .hasSameHashCodeAs(PathTemplate.of("/orders/{id}"))
                .isNotEqualTo(PathTemplate.of("/orders/{orderId}"));
        assertThat(PathTemplate.of("/orders/")).as("one shape, two texts").isNotEqualTo(PathTemplate.of("/orders"));
        assertThat(PathTemplate.of("/orders/{id}")).hasToString("/orders/{id}");
    }

    // ---- order: more specific first ----

    @Test
    void aLiteralSortsBeforeAVariableAtTheFirstSegmentTheyDiffer() {
        PathTemplate literal = PathTemplate.of("/orders/new");
        PathTemplate variable = PathTemplate.of("/orders/{id}");

        assertThat(literal.compareTo(variable)).isNegative();
        assertThat(variable.compareTo(literal)).isPositive();
        assertThat(PathTemplate.of("/{tenant}/new").compareTo(PathTemplate.of("/orders/{id}")))
                .as("decided at the first segment").isPositive();
    }

    @Test
    void withTheSameKindsOfSegmentsTheLongerSortsFirst() {
        assertThat(PathTemplate.of("/orders/{id}/payments").compareTo(PathTemplate.of("/orders/{id}"))).isNegative();
        assertThat(PathTemplate.of("/orders/{id}").compareTo(PathTemplate.of("/orders/{other}"))).isZero();
        assertThat(PathTemplate.of("/orders/new").compareTo(PathTemplate.of("/orders/old")))
                .as("literals are not compared by text").isZero();
    }

    @Test
    void sortingPutsTheTemplateThatShouldWinFirst() {
        List<PathTemplate> templates = new ArrayList<>(List.of(PathTemplate.of("/{a}/{b}"),
                PathTemplate.of("/orders/{id}"), PathTemplate.of("/orders/new"), PathTemplate.of("/orders/{id}/payments")));
        Collections.shuffle(templates, new java.util.Random(7));

        Collections.sort(templates);

        assertThat(templates).extracting(PathTemplate::text)
                .containsExactly("/orders/new", "/orders/{id}/payments", "/orders/{id}", "/{a}/{b}");
    }

    // ---- what is no template, and why ----

    @ParameterizedTest
    @ValueSource(strings = {"/", "/orders", "/orders/", "/orders/{id}", "/orders/{id}/", "/{tenant}/orders/{id}",
        "/orders/new-one_2.json", "/a b/ü", "/orders/{order-id}"})
    void templatesHaveNoProblem(String text) {
        assertThat(PathTemplate.problemWith(text)).isNull();
        assertThat(PathTemplate.of(text).text()).isEqualTo(text);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "orders          | it must start with /, like /orders/{id}",
        "''              | it must start with /, like /orders/{id}",
        "{id}/orders     | it must start with /, like /orders/{id}",
        "/orders?id=1    | leave out the query string, like /orders/{id}",
        "/orders?        | leave out the query string, like /orders/{id}",
        "/orders#top     | leave out the query string, like /orders/{id}",
        "/orders/{id     | braces must be balanced, like /orders/{id}",
        "/orders/id}     | braces must be balanced, like /orders/{id}",
        "/orders/}{      | braces must be balanced, like /orders/{id}",
        "/orders/{{id}}  | braces must be balanced, like /orders/{id}",
        "/orders;v=1     | path parameters (;name=value) are removed before matching, leave them out",
        "/orders/{id};x  | path parameters (;name=value) are removed before matching, leave them out",
        "/%6Frders       | paths are matched decoded, write each character as itself, not %-escaped",
        "/orders/a%20b   | paths are matched decoded, write each character as itself, not %-escaped",
        "/orders//new    | it has an empty segment (//), write one / between segments, like /orders/{id}",
        "//orders        | it has an empty segment (//), write one / between segments, like /orders/{id}",
        "/orders//       | it has an empty segment (//), write one / between segments, like /orders/{id}",
        "//              | it has an empty segment (//), write one / between segments, like /orders/{id}",
        "///             | it has an empty segment (//), write one / between segments, like /orders/{id}",
        "/orders/.       | dot segments (. and ..) are resolved before matching, leave them out",
        "/orders/../new  | dot segments (. and ..) are resolved before matching, leave them out",
        "/./orders       | dot segments (. and ..) are resolved before matching, leave them out",
        "/orders/{}      | a variable must be a whole named segment, like /orders/{id}",
        "/orders/{id}x   | a variable must be a whole named segment, like /orders/{id}",
        "/orders/x{id}   | a variable must be a whole named segment, like /orders/{id}",
        "/orders/{a}{b}  | a variable must be a whole named segment, like /orders/{id}",
    })
    void aTextThatIsNoTemplateIsToldWhyAndHowToWriteIt(String text, String why) {
        assertThat(PathTemplate.problemWith(text)).isEqualTo(NOT + why);
        assertThatThrownBy(() -> PathTemplate.of(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("\"" + text + "\" " + NOT + why);
    }

    @Test
    void theFirstProblemFoundIsTheOneTold() {
        assertThat(PathTemplate.problemWith("orders?x={id")).as("no leading slash, before the rest")
                .endsWith("it must start with /, like /orders/{id}");
        assertThat(PathTemplate.problemWith("/orders//{id}?x")).endsWith("leave out the query string, like /orders/{id}");
    }
}
