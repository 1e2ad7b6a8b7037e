package dev.idempotency.estate.springboot;

import dev.idempotency.estate.orders.Order;
import dev.idempotency.estate.orders.OrderBook;
import java.net.URI;
import javax.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The estate contract in Spring MVC. */
@RestController
public class OrdersController {

    private final OrderBook book = OrderBook.shared();

    @PostMapping(path = "/orders")
    public ResponseEntity<String> create(@RequestBody(required = false) String body,
            @RequestParam(name = "delayMs", required = false) String delayMs, HttpServletRequest request) {
        Order order;
        try {
            order = book.create(body, OrderBook.delayMs(delayMs));
        } catch (IllegalArgumentException e) {
            return ResponseEntity.badRequest().contentType(MediaType.TEXT_PLAIN).body(e.getMessage());
        }
        return ResponseEntity.created(URI.create(request.getRequestURI() + "/" + order.id()))
                .contentType(MediaType.APPLICATION_JSON).body(order.toJson());
    }

    @GetMapping(path = "/orders/count", produces = MediaType.TEXT_PLAIN_VALUE)
    public String count() {
        return Long.toString(book.executions());
    }

    @GetMapping(path = "/health", produces = MediaType.TEXT_PLAIN_VALUE)
    public String health() {
        return "ok";
    }
}
