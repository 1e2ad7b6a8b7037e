package dev.idempotency.demo.javaxservlet;

import dev.idempotency.demo.orders.OrdersApi;
import java.io.IOException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/** {@code /orders} and {@code /orders/*}: create orders (JSON or form), pay, read. */
public class OrdersServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Exchange exchange = new Exchange(request, response);
        exchange.reply(OrdersApi.instance().post(request.getPathInfo(), exchange));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        new Exchange(request, response).reply(OrdersApi.instance().get(request.getPathInfo()));
    }
}
