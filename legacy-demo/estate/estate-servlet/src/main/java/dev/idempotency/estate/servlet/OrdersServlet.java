package dev.idempotency.estate.servlet;

import dev.idempotency.estate.orders.Order;
import dev.idempotency.estate.orders.OrderBook;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * {@code POST <base>/orders} and {@code GET <base>/orders/count}, mapped to {@code /orders/*}
 * (which matches {@code /orders} itself too). Servlet 3.0 API only.
 */
public class OrdersServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final String UTF_8 = "UTF-8";

    private final OrderBook book = OrderBook.shared();

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!isCollection(request)) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        String body = new String(readAll(request.getInputStream()), UTF_8);
        Order order;
        try {
            order = book.create(body, OrderBook.delayMs(request.getParameter("delayMs")));
        } catch (IllegalArgumentException e) {
            reply(response, HttpServletResponse.SC_BAD_REQUEST, "text/plain", e.getMessage());
            return;
        }
        response.setHeader("Location", request.getRequestURI() + "/" + order.id());
        reply(response, HttpServletResponse.SC_CREATED, "application/json", order.toJson());
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!"/count".equals(request.getPathInfo())) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        reply(response, HttpServletResponse.SC_OK, "text/plain", Long.toString(book.executions()));
    }

    private static boolean isCollection(HttpServletRequest request) {
        String rest = request.getPathInfo();
        return rest == null || rest.equals("/");
    }

    static void reply(HttpServletResponse response, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(UTF_8);
        response.setStatus(status);
        response.setContentType(contentType + ";charset=" + UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) != -1; ) {
            out.write(buffer, 0, n);
        }
        return out.toByteArray();
    }
}
