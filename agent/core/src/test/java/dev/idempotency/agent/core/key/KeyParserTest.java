package dev.idempotency.agent.core.key;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.vocabulary.EndpointSettings;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyParserTest {

    private final KeyParser parser = new KeyParser(EndpointSettings.defaults());

    private ParsedKey parse(String... values) {
        return parser.parse(List.of(values));
    }

    @Test
    void bareTokenIsTheKey() {
        ParsedKey key = parse("8e03978e-40d5-43e8-bc93-6894a57f9324");
        assertThat(key.isValid()).isTrue();
        assertThat(key.value()).isEqualTo("8e03978e-40d5-43e8-bc93-6894a57f9324");
    }

    @Test
    void structuredFieldStringIsUnquoted() {
        assertThat(parse("\"8e03978e\"").value()).isEqualTo("8e03978e");
    }

    @Test
    void escapesInsideQuotesAreResolved() {
        assertThat(parse("\"a\\\"b\\\\c\"").value()).isEqualTo("a\"b\\c");
    }

    @Test
    void quotedAndBareFormsNameTheSameKey() {
        assertThat(parse("\"abc\"").value()).isEqualTo(parse("abc").value());
    }

    @Test
    void surroundingWhitespaceIsNotPartOfTheValue() {
        assertThat(parse("  abc\t").value()).isEqualTo("abc");
    }

    @Test
    void commaInsideQuotesIsPartOfTheKey() {
        assertThat(parse("\"a,b\"").value()).isEqualTo("a,b");
    }

    @Test
    void noHeaderIsMissingNotInvalid() {
        ParsedKey key = parser.parse(List.of());
        assertThat(key.outcome()).isEqualTo(ParsedKey.Outcome.MISSING);
        assertThat(key.reason()).isNotBlank();
        assertThat(parser.parse(null).outcome()).isEqualTo(ParsedKey.Outcome.MISSING);
    }

    @Test
    void lengthBoundsAreInclusive() {
        assertThat(parse("x".repeat(255)).isValid()).isTrue();
        ParsedKey tooLong = parse("x".repeat(256));
        assertThat(tooLong.outcome()).isEqualTo(ParsedKey.Outcome.INVALID);
        assertThat(tooLong.reason()).contains("256").contains("at most 255");
        assertThat(parse("\"" + "x".repeat(255) + "\"").isValid()).isTrue();
        assertThat(parse("\"" + "x".repeat(256) + "\"").isValid()).isFalse();
    }

    @Test
    void configuredMinimumIsEnforced() {
        KeyParser strict = new KeyParser(EndpointSettings.builder().keyMinLength(16).build());
        assertThat(strict.parse(List.of("short")).reason()).contains("at least 16");
        assertThat(strict.parse(List.of("0123456789abcdef")).isValid()).isTrue();
    }

    @Test
    void aKeyPatternMustMatchTheWholeKey() {
        KeyParser uuids = new KeyParser(EndpointSettings.builder().keyPattern("[0-9a-f-]{36}").build());
        assertThat(uuids.parse(List.of("3f2b8c1e-9d4a-4e7b-a1c2-0f9e8d7c6b5a")).isValid()).isTrue();
        assertThat(uuids.parse(List.of("\"3f2b8c1e-9d4a-4e7b-a1c2-0f9e8d7c6b5a\"")).isValid()).as("quoted").isTrue();
        assertThat(uuids.parse(List.of("3f2b8c1e-9d4a-4e7b-a1c2-0f9e8d7c6b5a-and-more")).reason())
                .isEqualTo("the key does not match the pattern this endpoint requires ([0-9a-f-]{36})");
        assertThat(uuids.expected()).contains("matching [0-9a-f-]{36}");
        assertThat(parser.expected()).doesNotContain("matching");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\"\"", "a b", "\"a b\"", "abc\u0001", "\"abc\u007f\"", "ключ", "\"abc",
            "\"ab\\c\"", "\"abc\\\"", "\"abc\";p=1", "\"abc\"x"})
    void malformedKeysAreInvalidWithAReason(String value) {
        ParsedKey key = parse(value);
        assertThat(key.outcome()).as(value).isEqualTo(ParsedKey.Outcome.INVALID);
        assertThat(key.reason()).isNotBlank();
        assertThat(key.value()).isNull();
    }

    @Test
    void severalHeaderLinesAreInvalidEvenWhenEqual() {
        ParsedKey key = parse("abc", "abc");
        assertThat(key.outcome()).isEqualTo(ParsedKey.Outcome.INVALID);
        assertThat(key.reason()).contains("2 times");
    }

    @Test
    void commaSeparatedValuesAreInvalidEvenWhenDuplicates() {
        assertThat(parse("abc, abc").reason()).contains("several");
        assertThat(parse("abc,def").isValid()).isFalse();
        assertThat(parse("\"abc\", \"abc\"").reason()).contains("several");
    }
}
