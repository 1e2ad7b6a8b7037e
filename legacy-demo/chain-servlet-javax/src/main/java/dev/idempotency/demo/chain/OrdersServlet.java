package dev.idempotency.demo.chain;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;
import okhttp3.OkHttpClient;

/**
 * The upstream service, calling payments with the client {@code ?client=} names
 * ({@code url}: {@code HttpURLConnection}, the default; {@code jdk}: {@code java.net.http.HttpClient};
 * {@code apache4}: Apache HttpClient 4.5; {@code apache5}: Apache HttpClient 5 classic; {@code apache5async}:
 * Apache HttpClient 5's async client; {@code okhttp}: OkHttp 4; {@code webclient}: Spring's WebClient on
 * Reactor Netty; {@code resttemplate}: Spring's RestTemplate on its default request factory),
 * from the thread {@code ?handoff=} names (see {@link #handedOff}).
 *
 * <ul>
 *   <li>{@code POST /orders}: charges at payments ({@code POST /charges}), then sleeps
 *       {@code ?sleepMs=} and answers {@code ?status=} (201 by default) with payments' answer;</li>
 *   <li>{@code POST /calls} and {@code POST /unprotected-calls}: to payments' {@code /echo}, a POST,
 *       a GET, a PUT, a POST with its own {@code Idempotency-Key: app-key}, and a POST again;
 *       answers 200 with the statuses.</li>
 * </ul>
 */
final class OrdersServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final String payments;
    private final transient HttpClient jdkClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final transient CloseableHttpClient apacheClient = HttpClients.createDefault();
    private final transient org.apache.hc.client5.http.impl.classic.CloseableHttpClient apache5Client =
            org.apache.hc.client5.http.impl.classic.HttpClients.createDefault();
    private final transient OkHttpClient okHttpClient = new OkHttpClient();
    private final transient org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient apache5AsyncClient =
            org.apache.hc.client5.http.impl.async.HttpAsyncClients.createDefault();
    private final transient org.springframework.web.reactive.function.client.WebClient webClient =
            org.springframework.web.reactive.function.client.WebClient.create();
    private final transient org.springframework.web.client.RestTemplate restTemplate =
            new org.springframework.web.client.RestTemplate();
    private final transient ExecutorService workers = Executors.newFixedThreadPool(2);
    /** One worker, started by whichever request hands it work first. */
    private final transient ExecutorService single = Executors.newSingleThreadExecutor();
    /** A pool whose threads are named {@code ledger-...}, for a config that lists them in {@code unkeyed-threads}. */
    private final transient ExecutorService ledger = Executors.newSingleThreadExecutor(task -> new Thread(task, "ledger-1"));

    OrdersServlet(String payments) {
        this.payments = payments;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        request.getInputStream().readAllBytes();
        String client = request.getParameter("client");
        try {
            if (request.getServletPath().equals("/orders")) {
                String charged = handedOff(request.getParameter("handoff"), () -> call(client, "POST", "/charges", null));
                sleep(request.getParameter("sleepMs"));
                String status = request.getParameter("status");
                answer(response, status == null ? 201 : Integer.parseInt(status), charged);
            } else {
                String statuses = handedOff(request.getParameter("handoff"), () -> call(client, "POST", "/echo", null)
                        + "," + call(client, "GET", "/echo", null) + "," + call(client, "PUT", "/echo", null) + ","
                        + call(client, "POST", "/echo", "app-key") + "," + call(client, "POST", "/echo", null));
                answer(response, 200, statuses);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /**
     * Runs {@code charge} where {@code handoff} says: on this thread ({@code null}), on a worker of an
     * {@code ExecutorService} ({@code submit}; {@code execute}, a plain runnable; {@code single}, a
     * one-thread pool; {@code ledger}, a one-thread pool whose thread is named {@code ledger-1}), through
     * {@code CompletableFuture.supplyAsync} ({@code supplyAsync}), or on a new {@code Thread}
     * ({@code thread}); the request waits for it, as applications that fan work out do.
     */
    private String handedOff(String handoff, Callable<String> charge) throws IOException, InterruptedException {
        if (handoff == null) {
            return callOn(charge);
        }
        CompletableFuture<String> done = new CompletableFuture<>();
        Runnable work = () -> {
            try {
                done.complete(charge.call());
            } catch (Exception | Error e) {
                done.completeExceptionally(e);
            }
        };
        switch (handoff) {
            case "submit":
                return join(workers.submit(charge));
            case "single":
                return join(single.submit(charge));
            case "ledger":
                return join(ledger.submit(charge));
            case "execute":
                workers.execute(work);
                return join(done);
            case "supplyAsync":
                return join(CompletableFuture.supplyAsync(() -> {
                    work.run();
                    return done.join();
                }));
            case "thread":
                new Thread(work, "charge").start();
                return join(done);
            default:
                throw new IllegalArgumentException("handoff " + handoff);
        }
    }

    private static String callOn(Callable<String> charge) throws IOException, InterruptedException {
        try {
            return charge.call();
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    private static String join(Future<String> result) throws IOException, InterruptedException {
        try {
            return result.get();
        } catch (ExecutionException e) {
            throw new IOException(e.getCause());
        }
    }

    private org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient startedAsyncClient() {
        apache5AsyncClient.start(); // once: a started client ignores it
        return apache5AsyncClient;
    }

    /** The answer's body for /charges, its status otherwise. */
    private String call(String client, String method, String path, String ownKey) throws IOException, InterruptedException {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        boolean sendsBody = !method.equals("GET");
        if ("apache4".equals(client)) {
            return ApacheCalls.call(apacheClient, payments + path, method, body, ownKey, path.equals("/charges"));
        }
        if ("apache5".equals(client)) {
            return Apache5Calls.call(apache5Client, payments + path, method, body, ownKey, path.equals("/charges"));
        }
        if ("apache5async".equals(client)) {
            return Apache5AsyncCalls.call(startedAsyncClient(), payments + path, method, body, ownKey,
                    path.equals("/charges"));
        }
        if ("resttemplate".equals(client)) {
            return RestTemplateCalls.call(restTemplate, payments + path, method, body, ownKey, path.equals("/charges"));
        }
        if ("webclient".equals(client)) {
            return WebClientCalls.call(webClient, payments + path, method, body, ownKey, path.equals("/charges"));
        }
        if ("okhttp".equals(client)) {
            return OkHttpCalls.call(okHttpClient, payments + path, method, body, ownKey, path.equals("/charges"));
        }
        if ("jdk".equals(client)) {
            HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(payments + path))
                    .timeout(Duration.ofSeconds(10))
                    .method(method, sendsBody ? HttpRequest.BodyPublishers.ofByteArray(body) : HttpRequest.BodyPublishers.noBody());
            if (ownKey != null) {
                builder.header("Idempotency-Key", ownKey);
            }
            HttpResponse<String> answer = jdkClient.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            return path.equals("/charges") ? answer.body() : String.valueOf(answer.statusCode());
        }
        HttpURLConnection connection = (HttpURLConnection) new URL(payments + path).openConnection();
        connection.setConnectTimeout(5000);
        connection.setReadTimeout(10000);
        connection.setRequestMethod(method);
        if (ownKey != null) {
            connection.setRequestProperty("Idempotency-Key", ownKey);
        }
        if (sendsBody) {
            connection.setDoOutput(true);
            connection.setRequestProperty("Content-Type", "application/json");
            try (OutputStream out = connection.getOutputStream()) {
                out.write(body);
            }
        }
        int status = connection.getResponseCode();
        try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            String text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return path.equals("/charges") ? text : String.valueOf(status);
        }
    }

    private static void sleep(String millis) throws InterruptedException {
        if (millis != null) {
            Thread.sleep(Long.parseLong(millis));
        }
    }

    private static void answer(HttpServletResponse response, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
