package dev.idempotency.demo.javaxservlet;

import dev.idempotency.demo.orders.OrdersApi;
import java.io.IOException;
import javax.servlet.AsyncContext;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * {@code /orders} and {@code /orders/*}: create orders (JSON or form), pay, read. With the query
 * {@code async=true} a POST is answered from another thread through the servlet async API, as
 * services that hand work to an executor do.
 */
public class OrdersServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if ("true".equals(request.getParameter("async"))) {
            AsyncContext async = request.startAsync();
            async.start(() -> {
                try {
                    Exchange exchange = new Exchange(request, response);
                    exchange.reply(OrdersApi.instance().post(request.getPathInfo(), exchange));
                } catch (IOException | RuntimeException failure) {
                    response.setStatus(500);
                } finally {
                    async.complete();
                }
            });
            return;
        }
        Exchange exchange = new Exchange(request, response);
        exchange.reply(OrdersApi.instance().post(request.getPathInfo(), exchange));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        new Exchange(request, response).reply(OrdersApi.instance().get(request.getPathInfo()));
    }
}
