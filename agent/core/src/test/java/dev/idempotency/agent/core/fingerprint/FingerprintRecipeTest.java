package dev.idempotency.agent.core.fingerprint;

import dev.idempotency.agent.vocabulary.FingerprintMode;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.core.testing.TestRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class FingerprintRecipeTest {

    private static final FingerprintRecipe RAW = new FingerprintRecipe(FingerprintMode.RAW, List.of(), List.of(), List.of());
    private static final FingerprintRecipe JSON = new FingerprintRecipe(FingerprintMode.JSON,
            List.of("requestedAt", "meta.traceId"), List.of(), List.of());

    private static Fingerprint of(FingerprintRecipe recipe, String body) {
        return of(recipe, TestRequest.post("/orders").body(body).build());
    }

    private static Fingerprint of(FingerprintRecipe recipe, TestRequest request) {
        return recipe.compute(request, request.path(), bodyOf(request));
    }

    private static byte[] bodyOf(TestRequest request) {
        try {
            return request.body(Integer.MAX_VALUE);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void isSha256Hex() {
        assertThat(of(RAW, "{}").hex()).matches("[0-9a-f]{64}");
    }

    @Test
    void jsonModeIgnoresWhitespaceAndKeyOrder() {
        Fingerprint compact = of(JSON, "{\"amount\":10,\"items\":[{\"sku\":\"a\",\"qty\":1}]}");
        Fingerprint spaced = of(JSON, "{ \"items\" : [ { \"qty\" : 1, \"sku\" : \"a\" } ],\n  \"amount\": 10 }");
        assertThat(spaced.hex()).isEqualTo(compact.hex());
        assertThat(spaced.fellBackToRaw()).isFalse();
    }

    @Test
    void rawModeSeesWhitespaceAndKeyOrder() {
        assertThat(of(RAW, "{\"a\":1,\"b\":2}").hex()).isNotEqualTo(of(RAW, "{\"b\":2,\"a\":1}").hex());
        assertThat(of(RAW, "{\"a\":1}").hex()).isNotEqualTo(of(RAW, "{ \"a\": 1 }").hex());
    }

    @Test
    void ignoredNamesAreRemovedAtAnyDepth() {
        Fingerprint first = of(JSON, "{\"a\":1,\"requestedAt\":\"t1\",\"inner\":{\"requestedAt\":\"t1\"}}");
        Fingerprint second = of(JSON, "{\"a\":1,\"requestedAt\":\"t2\",\"inner\":{\"requestedAt\":\"t9\"}}");
        assertThat(first.hex()).isEqualTo(second.hex());
    }

    @Test
    void ignoredPathsAreRemovedOnlyThere() {
        assertThat(of(JSON, "{\"meta\":{\"traceId\":\"x\"},\"a\":1}").hex())
                .isEqualTo(of(JSON, "{\"meta\":{\"traceId\":\"y\"},\"a\":1}").hex());
        assertThat(of(JSON, "{\"traceId\":\"x\"}").hex()).isNotEqualTo(of(JSON, "{\"traceId\":\"y\"}").hex());
    }

    @Test
    void ignoredPathsReachIntoArrays() {
        assertThat(of(JSON, "{\"meta\":[{\"traceId\":\"x\",\"n\":1}]}").hex())
                .isEqualTo(of(JSON, "{\"meta\":[{\"traceId\":\"y\",\"n\":1}]}").hex());
    }

    @Test
    void differentValuesStayDifferent() {
        assertThat(of(JSON, "{\"amount\":10}").hex()).isNotEqualTo(of(JSON, "{\"amount\":11}").hex());
        assertThat(of(JSON, "[1,2]").hex()).isNotEqualTo(of(JSON, "[2,1]").hex());
        assertThat(of(JSON, "{\"a\":\"1\"}").hex()).isNotEqualTo(of(JSON, "{\"a\":1}").hex());
    }

    @Test
    void equalNumbersInOtherNotationsAgree() {
        assertThat(of(JSON, "{\"amount\":10}").hex()).isEqualTo(of(JSON, "{\"amount\":10.0}").hex());
    }

    @Test
    void unparsableJsonFallsBackToRawAndSaysSo() {
        Fingerprint broken = of(JSON, "{\"amount\":");
        assertThat(broken.fellBackToRaw()).isTrue();
        assertThat(broken.hex()).isEqualTo(of(RAW, "{\"amount\":").hex());
        assertThat(of(JSON, "{\"a\":1} trailing").fellBackToRaw()).isTrue();
        assertThat(of(JSON, "{\"a\":1,\"a\":2}").fellBackToRaw()).isTrue();
    }

    @Test
    void emptyBodyIsNotAFallback() {
        assertThat(of(JSON, "").fellBackToRaw()).isFalse();
    }

    @Test
    void methodAndPathAreIncluded() {
        assertThat(of(RAW, TestRequest.post("/orders").body("x").build()).hex())
                .isNotEqualTo(of(RAW, TestRequest.request("PUT", "/orders").body("x").build()).hex())
                .isNotEqualTo(of(RAW, TestRequest.post("/orders/1").body("x").build()).hex());
    }

    @Test
    void configuredQueryParametersAndHeadersAreIncludedOthersAreNot() {
        FingerprintRecipe recipe = new FingerprintRecipe(FingerprintMode.RAW, List.of(), List.of("currency", "mode"),
                List.of("X-Account"));
        TestRequest base = TestRequest.post("/p").query("currency", "EUR").query("mode", "a").header("x-account", "1")
                .query("ignored", "1").header("User-Agent", "a").build();
        TestRequest sameButNoise = TestRequest.post("/p").query("mode", "a").query("currency", "EUR")
                .header("X-ACCOUNT", "1").query("ignored", "2").header("User-Agent", "b").build();
        TestRequest otherCurrency = TestRequest.post("/p").query("currency", "USD").query("mode", "a")
                .header("x-account", "1").build();
        TestRequest otherAccount = TestRequest.post("/p").query("currency", "EUR").query("mode", "a")
                .header("x-account", "2").build();
        assertThat(of(recipe, sameButNoise).hex()).isEqualTo(of(recipe, base).hex());
        assertThat(of(recipe, otherCurrency).hex()).isNotEqualTo(of(recipe, base).hex());
        assertThat(of(recipe, otherAccount).hex()).isNotEqualTo(of(recipe, base).hex());
    }

    @Test
    void fieldBoundariesCannotShift() {
        FingerprintRecipe recipe = new FingerprintRecipe(FingerprintMode.RAW, List.of(), List.of("a"), List.of());
        TestRequest one = TestRequest.post("/p").query("a", "x,y").build();
        TestRequest two = TestRequest.post("/p").query("a", "x", "y").build();
        assertThat(of(recipe, one).hex()).isNotEqualTo(of(recipe, two).hex());
    }

    @Test
    void byDefaultTheWholeQueryEntersInAnyOrderAndSpelling() {
        FingerprintRecipe whole = new FingerprintRecipe(FingerprintMode.RAW, List.of(), null, List.of());
        TestRequest apple = TestRequest.post("/orders/form").query("item", "Apple").query("n", "1").build();
        TestRequest appleReordered = TestRequest.post("/orders/form").query("n", "1").query("item", "Apple").build();
        TestRequest banana = TestRequest.post("/orders/form").query("item", "Banana").query("n", "1").build();
        TestRequest none = TestRequest.post("/orders/form").build();

        assertThat(of(whole, appleReordered).hex()).isEqualTo(of(whole, apple).hex());
        assertThat(of(whole, banana).hex()).isNotEqualTo(of(whole, apple).hex());
        assertThat(of(whole, none).hex()).isNotEqualTo(of(whole, apple).hex());
        assertThat(QueryParameters.parse("item=%41pple&n=1").values("item"))
                .as("values as decoded").containsExactly("Apple");
        assertThat(QueryParameters.parse("q=a+b&q=c&&flag").values("q")).containsExactly("a b", "c");
        assertThat(QueryParameters.parse("q=a+b&q=c&&flag").values("flag")).containsExactly("");
    }

    @Test
    void anEmptySubsetLeavesTheQueryOut() {
        TestRequest apple = TestRequest.post("/p").query("item", "Apple").build();
        TestRequest banana = TestRequest.post("/p").query("item", "Banana").build();
        assertThat(of(RAW, banana).hex()).isEqualTo(of(RAW, apple).hex());
    }

    @Test
    void theRoutedPathIsPartOfTheOperation() {
        TestRequest request = TestRequest.post("/orders").body("x").build();
        assertThat(RAW.compute(request, "/orders/7", bodyOf(request)).hex())
                .isNotEqualTo(RAW.compute(request, "/orders", bodyOf(request)).hex());
    }
}
