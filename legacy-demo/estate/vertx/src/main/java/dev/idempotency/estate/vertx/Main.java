package dev.idempotency.estate.vertx;

import dev.idempotency.estate.orders.Order;
import dev.idempotency.estate.orders.OrderBook;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;

/**
 * {@code java -jar estate-vertx.jar <port>}: {@code POST /orders} and {@code GET /orders/count} on
 * Vert.x's own HTTP server; port 0 picks a free one. Prints {@code listening on <port>} once it serves.
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8080;
        OrderBook book = OrderBook.shared();
        HttpServer server = Vertx.vertx().createHttpServer()
                .requestHandler(request -> handle(book, request))
                .listen(port).await();
        System.out.println("listening on " + server.actualPort());
    }

    private static void handle(OrderBook book, HttpServerRequest request) {
        String path = request.path();
        if ("GET".equals(request.method().name()) && "/orders/count".equals(path)) {
            request.response().putHeader("Content-Type", "text/plain").end(Long.toString(book.executions()));
        } else if ("POST".equals(request.method().name()) && "/orders".equals(path)) {
            request.body().onSuccess(body -> {
                try {
                    Order order = book.create(body.toString(), OrderBook.delayMs(request.getParam("delayMs")));
                    request.response().setStatusCode(201).putHeader("Content-Type", "application/json")
                            .putHeader("Location", "/orders/" + order.id()).end(order.toJson());
                } catch (IllegalArgumentException malformed) {
                    request.response().setStatusCode(400).end(malformed.getMessage());
                }
            });
        } else {
            request.response().setStatusCode(404).end();
        }
    }
}
