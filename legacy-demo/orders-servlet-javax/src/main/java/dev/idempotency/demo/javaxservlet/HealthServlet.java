package dev.idempotency.demo.javaxservlet;

import dev.idempotency.demo.orders.OrdersApi;
import java.io.IOException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/** {@code GET /health}. */
public class HealthServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        new Exchange(request, response).reply(OrdersApi.instance().health());
    }
}
