package dev.idempotency.agent.servlet.javax;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.bootstrap.testing.ScriptedGate;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Reader;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.servlet.AsyncContext;
import javax.servlet.ReadListener;
import javax.servlet.ServletInputStream;
import javax.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The body the agent read before the application is handed back to it in Tomcat, as Tomcat would
 * have handed it: the same bytes from the stream, the same text from the reader, the same form
 * parameters, merged with the query's. Tomcat itself is the reference: each request is also sent
 * to an undeclared endpoint, which the adapter leaves alone.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BufferedRequestTest {

    @RegisterExtension
    static final AdvisedTomcat tomcat = new AdvisedTomcat();

    private final AtomicReference<Object> seen = new AtomicReference<>();

    // ---- the stream ----

    @Test
    void theStreamGivesTheApplicationTheBytesTheClientSent() throws Exception {
        byte[] sent = randomBytes(300_000);
        tomcat.serve((request, response) -> seen.set(request.getInputStream().readAllBytes()));

        post("/upload", "application/octet-stream", sent);

        assertThat((byte[]) seen.get()).isEqualTo(sent);
        assertThat(tomcat.gate.bodiesRead()).last().isEqualTo(sent);
    }

    @Test
    @SuppressWarnings("unchecked")
    void byteByByteAndInOddPiecesTheStreamGivesTheSameBytesAndThenItsEnd() throws Exception {
        byte[] sent = randomBytes(10_000);
        tomcat.serve((request, response) -> {
            ServletInputStream in = request.getInputStream();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            for (int i = 0; i < 10; i++) {
                read.write(in.read());
            }
            byte[] piece = new byte[7];
            for (int n = in.read(piece, 0, piece.length); n >= 0; n = in.read(piece, 0, piece.length)) {
                read.write(piece, 0, n);
            }
            seen.set(List.of(read.toByteArray(), in.isFinished(), in.read(), request.getInputStream() == in));
        });

        post("/upload", "application/octet-stream", sent);

        List<Object> result = (List<Object>) seen.get();
        assertThat((byte[]) result.get(0)).isEqualTo(sent);
        assertThat(result.subList(1, 4)).as("finished, end of stream, one stream").containsExactly(true, -1, true);
    }

    @Test
    void anEmptyBodyIsAnEmptyStream() throws Exception {
        tomcat.serve((request, response) -> seen.set(request.getInputStream().readAllBytes()));

        post("/upload", "application/octet-stream", new byte[0]);

        assertThat((byte[]) seen.get()).isEmpty();
    }

    @Test
    void anAsyncReaderHearsOfTheWholeBodyAndItsEnd() throws Exception {
        byte[] sent = randomBytes(50_000);
        tomcat.serve((request, response) -> {
            AsyncContext async = request.startAsync();
            ServletInputStream in = request.getInputStream();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            in.setReadListener(new ReadListener() {
                @Override
                public void onDataAvailable() throws IOException {
                    byte[] chunk = new byte[4096];
                    while (in.isReady()) {
                        int n = in.read(chunk);
                        if (n < 0) {
                            return;
                        }
                        read.write(chunk, 0, n);
                    }
                }

                @Override
                public void onAllDataRead() {
                    seen.set(read.toByteArray());
                    async.complete();
                }

                @Override
                public void onError(Throwable failure) {
                    seen.set(failure);
                    async.complete();
                }
            });
        });

        post("/upload", "application/octet-stream", sent);

        assertThat(seen.get()).isInstanceOf(byte[].class);
        assertThat((byte[]) seen.get()).isEqualTo(sent);
    }

    // ---- the reader ----

    @Test
    void theReaderDecodesWithTheCharsetTheClientNamed() throws Exception {
        String text = "Grüße aus Köln, 日本語, \uD83D\uDE00 and a line\r\nbreak";
        tomcat.serve((request, response) -> seen.set(readAll(request.getReader())));

        post("/notes", "text/plain; charset=UTF-8", text.getBytes(UTF_8));

        assertThat(seen.get()).isEqualTo(text);
    }

    @Test
    void withoutACharsetTheReaderDecodesAsTomcatDoes() throws Exception {
        byte[] sent = "café, naïve".getBytes(ISO_8859_1);
        tomcat.serve((request, response) -> seen.set(readAll(request.getReader())));

        Object adapted = postSeen("/notes", "text/plain", sent, true);
        Object tomcats = postSeen("/notes", "text/plain", sent, false);

        assertThat(adapted).isEqualTo(tomcats).isEqualTo("café, naïve");
    }

    @Test
    void aCharsetTheApplicationSetsBeforeReadingDecidesAsItDoesInTomcat() throws Exception {
        String text = "Grüße, 日本語";
        tomcat.serve((request, response) -> {
            request.setCharacterEncoding("UTF-8");
            seen.set(readAll(request.getReader()));
        });

        Object adapted = postSeen("/notes", "text/plain", text.getBytes(UTF_8), true);
        Object tomcats = postSeen("/notes", "text/plain", text.getBytes(UTF_8), false);

        assertThat(adapted).isEqualTo(tomcats).isEqualTo(text);
    }

    @Test
    void theReaderIsOneReader() throws Exception {
        tomcat.serve((request, response) -> seen.set(request.getReader() == request.getReader()));

        post("/notes", "text/plain", "x".getBytes(UTF_8));

        assertThat(seen.get()).isEqualTo(true);
    }

    // ---- form parameters: as Tomcat parses them ----

    @Test
    void formParametersFollowTheQuerysAsTomcatMergesThem() throws Exception {
        assertParametersAsTomcats("/orders?a=hello&b=query", "application/x-www-form-urlencoded",
                "a=goodbye&c=3&a=world", Map.of(
                        "a", List.of("hello", "goodbye", "world"), "b", List.of("query"), "c", List.of("3")));
    }

    @Test
    void formParametersAreDecodedWithTheCharsetTheClientNamed() throws Exception {
        assertParametersAsTomcats("/orders?q=%E6%97%A5", "application/x-www-form-urlencoded; charset=UTF-8",
                "name=J%C3%BCrgen+M%C3%BCller&city=K%C3%B6ln&sign=%2B%26%3D", Map.of(
                        "q", List.of("日"), "name", List.of("Jürgen Müller"), "city", List.of("Köln"),
                        "sign", List.of("+&=")));
    }

    @Test
    void withoutACharsetAFormBodyIsDecodedAsTomcatDoes() throws Exception {
        assertParametersAsTomcats("/orders", "application/x-www-form-urlencoded", "item=caf%E9", Map.of(
                "item", List.of("café")));
    }

    @Test
    void emptyValuesAndEmptyPairsAreTreatedAsTomcatTreatsThem() throws Exception {
        assertParametersAsTomcats("/orders?&q=", "application/x-www-form-urlencoded", "&&a=&b=1&&", Map.of(
                "q", List.of(""), "a", List.of(""), "b", List.of("1")));
    }

    @Test
    void aBodyThatIsNoFormLeavesTheParametersToTheQueryAndTheBodyToTheStream() throws Exception {
        byte[] json = "{\"a\":\"body\"}".getBytes(UTF_8);
        tomcat.serve((request, response) -> seen.set(List.of(parameters(request),
                new String(request.getInputStream().readAllBytes(), UTF_8))));

        Object adapted = postSeen("/orders?a=query", "application/json", json, true);
        Object tomcats = postSeen("/orders?a=query", "application/json", json, false);

        assertThat(adapted).isEqualTo(tomcats)
                .isEqualTo(List.of(Map.of("a", List.of("query")), "{\"a\":\"body\"}"));
    }

    @Test
    void whenTheCoreReadNoBodyTomcatParsesTheFormItself() throws Exception {
        tomcat.gate.readsBody = false;

        assertParametersAsTomcats("/orders?a=1", "application/x-www-form-urlencoded", "a=2&b=3", Map.of(
                "a", List.of("1", "2"), "b", List.of("3")));
    }

    @Test
    void everyWayOfAskingForAParameterAgrees() throws Exception {
        tomcat.serve((request, response) -> {
            Map<String, String[]> map = request.getParameterMap();
            seen.set(List.of(request.getParameter("a"), Arrays.asList(request.getParameterValues("a")),
                    Arrays.asList(map.get("a")), Collections.list(request.getParameterNames()),
                    String.valueOf(request.getParameter("absent")), String.valueOf(request.getParameterValues("absent")),
                    unmodifiable(map)));
        });

        Object adapted = postSeen("/orders?a=1", "application/x-www-form-urlencoded", "b=2&a=3".getBytes(UTF_8), true);
        Object tomcats = postSeen("/orders?a=1", "application/x-www-form-urlencoded", "b=2&a=3".getBytes(UTF_8), false);

        assertThat(adapted).isEqualTo(tomcats).isEqualTo(List.of("1", List.of("1", "3"), List.of("1", "3"),
                List.of("a", "b"), "null", "null", true));
    }

    // ---- helpers ----

    private void assertParametersAsTomcats(String pathAndQuery, String contentType, String body,
            Map<String, List<String>> expected) throws Exception {
        tomcat.serve((request, response) -> seen.set(parameters(request)));

        Object adapted = postSeen(pathAndQuery, contentType, body.getBytes(ISO_8859_1), true);
        Object tomcats = postSeen(pathAndQuery, contentType, body.getBytes(ISO_8859_1), false);

        assertThat(adapted).as("through the adapter, and in Tomcat alone").isEqualTo(tomcats).isEqualTo(expected);
    }

    /** What the application saw of a request to a declared endpoint, or to one the adapter leaves alone. */
    private Object postSeen(String pathAndQuery, String contentType, byte[] body, boolean declared) throws Exception {
        tomcat.gate.route = declared ? ScriptedGate.DECLARED : null;
        seen.set(null);
        int before = tomcat.gate.bodiesRead().size();
        post(pathAndQuery, contentType, body);
        assertThat(tomcat.gate.bodiesRead().size() - before).as("the core read the body")
                .isEqualTo(declared && tomcat.gate.readsBody ? 1 : 0);
        return seen.get();
    }

    private static void post(String pathAndQuery, String contentType, byte[] body) throws Exception {
        var response = tomcat.send(tomcat.request(pathAndQuery).header("Content-Type", contentType)
                .POST(BodyPublishers.ofByteArray(body)));
        assertThat(response.statusCode()).as(new String(response.body(), UTF_8)).isEqualTo(200);
    }

    /** Names in the order given, each with its values in order. */
    private static Map<String, List<String>> parameters(HttpServletRequest request) {
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        for (String name : Collections.list(request.getParameterNames())) {
            parameters.put(name, new ArrayList<>(Arrays.asList(request.getParameterValues(name))));
        }
        return parameters;
    }

    private static boolean unmodifiable(Map<String, String[]> map) {
        try {
            map.put("x", new String[0]);
            return false;
        } catch (RuntimeException refused) {
            return true;
        }
    }

    private static String readAll(Reader reader) throws IOException {
        StringBuilder text = new StringBuilder();
        char[] buffer = new char[5];
        for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
            text.append(buffer, 0, n);
        }
        return text.toString();
    }

    private static byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        new Random(length).nextBytes(bytes);
        for (int i = 0; i < 256 && i < length; i++) {
            bytes[i] = (byte) i;
        }
        return bytes;
    }
}
