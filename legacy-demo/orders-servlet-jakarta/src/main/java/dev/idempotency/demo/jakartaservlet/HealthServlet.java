package dev.idempotency.demo.jakartaservlet;

import dev.idempotency.demo.orders.OrdersApi;
import java.io.IOException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** {@code GET /health}. */
public class HealthServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        new Exchange(request, response).reply(OrdersApi.instance().health());
    }
}
