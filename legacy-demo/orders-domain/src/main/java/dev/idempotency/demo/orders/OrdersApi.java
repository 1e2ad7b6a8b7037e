package dev.idempotency.demo.orders;

import java.io.IOException;
import java.math.BigDecimal;
import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The demo's HTTP API behind any servlet API: routing below {@code /orders}, validation, and the
 * failure knobs the tests use ({@code failBeforeWrite}, {@code failAfterWrite}, {@code delayMs}), and
 * {@code gzip=true}, which answers a create with a gzip-compressed body ({@code Content-Encoding: gzip}).
 * It ignores {@code Idempotency-Key} on purpose: that is the legacy behaviour the agent fixes.
 */
public final class OrdersApi {

    private static final Pattern ORDER_PATH = Pattern.compile("/(\\d+)");
    private static final Pattern PAYMENTS_PATH = Pattern.compile("/(\\d+)/payments");
    private static final SecureRandom RANDOM = new SecureRandom();

    private static volatile OrdersApi instance;

    private final OrderBook book;

    private OrdersApi(OrderBook book) {
        this.book = book;
    }

    /**
     * The one instance of this process (or web application), on the default database: the embedded
     * H2 file, or a PostgreSQL table if {@code demo.orders.url} is set (see {@link PostgresOrderBook}).
     */
    public static OrdersApi instance() {
        if (instance == null) {
            synchronized (OrdersApi.class) {
                if (instance == null) {
                    instance = new OrdersApi(OrderBook.openDefault());
                }
            }
        }
        return instance;
    }

    /** Closes the database if this process (or web application) opened it. */
    public static void shutdown() {
        synchronized (OrdersApi.class) {
            if (instance != null) {
                instance.book.shutdown();
                instance = null;
            }
        }
    }

    /** {@code POST /orders}, {@code POST /orders/form}, {@code POST /orders/{id}/payments}. */
    public ApiReply post(String pathInfo, ApiRequest request) throws IOException {
        String path = pathInfo == null || pathInfo.equals("/") ? "" : pathInfo;
        Matcher payments = PAYMENTS_PATH.matcher(path);
        try {
            if (path.isEmpty()) {
                Json.CreateOrder order = Json.read(request.body(), Json.CreateOrder.class);
                return write(request, () -> createOrder(request, order.item(), order.quantity()));
            }
            if (path.equals("/form")) {
                String item = request.parameter("item");
                Integer quantity = parseQuantity(request.parameter("quantity"));
                return write(request, () -> createOrder(request, item, quantity));
            }
            if (payments.matches()) {
                Json.Pay pay = Json.read(request.body(), Json.Pay.class);
                return write(request, () -> pay(Long.parseLong(payments.group(1)), pay.amount()));
            }
            return notFound();
        } catch (Json.BadRequest e) {
            return error(400, e.getMessage());
        } catch (UnsupportedOperationException e) {
            return error(501, e.getMessage());
        }
    }

    /** {@code GET /orders/{id}}. */
    public ApiReply get(String pathInfo) {
        Matcher order = ORDER_PATH.matcher(pathInfo == null ? "" : pathInfo);
        if (!order.matches()) {
            return notFound();
        }
        return book.find(Long.parseLong(order.group(1)))
                .map(found -> ApiReply.json(200, Json.write(found)))
                .orElseGet(OrdersApi::notFound);
    }

    /** {@code GET /stats}. */
    public ApiReply stats() {
        return ApiReply.json(200, Json.write(book.stats()));
    }

    /** {@code GET /health}. */
    public ApiReply health() {
        return ApiReply.text(200, "ok");
    }

    /** Applies the failure knobs around one write; all of them are validated before anything is written. */
    private static ApiReply write(ApiRequest request, Supplier<ApiReply> write) {
        String failBefore = request.parameter("failBeforeWrite");
        boolean failAfter = "true".equals(request.parameter("failAfterWrite"));
        long delayMs = parseDelay(request.parameter("delayMs"));
        if (failBefore != null) {
            int status = parseStatus(failBefore);
            return ApiReply.json(status, Json.object("error", "failed before write", "status", status));
        }
        ApiReply reply = write.get();
        if (failAfter) {
            throw new IllegalStateException("failAfterWrite: the write is committed, the request fails anyway");
        }
        sleep(delayMs);
        return reply;
    }

    private ApiReply createOrder(ApiRequest request, String item, Integer quantity) {
        if (item == null || item.isBlank() || quantity == null || quantity < 1) {
            throw new Json.BadRequest("an order needs a non-blank item and a quantity of at least 1");
        }
        long id = book.createOrder(item, quantity);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Location", request.contextPath() + "/orders/" + id);
        headers.put("Set-Cookie", "demo-session=" + sessionId() + "; Path=/; HttpOnly");
        if ("true".equals(request.parameter("gzip"))) {
            headers.put("Content-Encoding", "gzip"); // ApiReply.bytes() compresses the body
        }
        return ApiReply.json(201, Json.object("id", id, "state", "created")).withHeaders(headers);
    }

    private ApiReply pay(long orderId, BigDecimal amount) {
        if (amount == null || amount.signum() <= 0) {
            throw new Json.BadRequest("a payment needs a positive amount");
        }
        Optional<Long> paymentId = book.addPayment(orderId, amount);
        return paymentId.map(id -> ApiReply.json(201, Json.object("paymentId", id)))
                .orElseGet(OrdersApi::notFound);
    }

    private static Integer parseQuantity(String quantity) {
        try {
            return quantity == null ? null : Integer.valueOf(quantity.trim());
        } catch (NumberFormatException e) {
            throw new Json.BadRequest("quantity is not a number: " + quantity);
        }
    }

    private static int parseStatus(String status) {
        try {
            int code = Integer.parseInt(status.trim());
            if (code >= 200 && code <= 599) {
                return code;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new Json.BadRequest("failBeforeWrite needs an HTTP status 200..599: " + status);
    }

    private static long parseDelay(String delayMs) {
        try {
            return delayMs == null ? 0 : Long.parseLong(delayMs.trim());
        } catch (NumberFormatException e) {
            throw new Json.BadRequest("delayMs is not a number: " + delayMs);
        }
    }

    /** The "timeout after write": the commit is done, the answer comes late. */
    private static void sleep(long delayMs) {
        try {
            Thread.sleep(delayMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String sessionId() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        StringBuilder hex = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) {
            hex.append(String.format("%02x", b));
        }
        return hex.toString();
    }

    private static ApiReply notFound() {
        return error(404, "not found");
    }

    private static ApiReply error(int status, String message) {
        return ApiReply.json(status, Json.object("error", message));
    }
}
