package dev.idempotency.demo.chain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * The downstream service. {@code POST /charges} charges (counted by {@code GET /stats}); any
 * method on {@code /echo} notes the method and the {@code Idempotency-Key} it arrived with, which
 * {@code GET /received} lists one per line ({@code METHOD key}, {@code -} for none).
 */
final class PaymentsServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final AtomicInteger charges = new AtomicInteger();
    private final List<String> received = new CopyOnWriteArrayList<>();

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        request.getInputStream().readAllBytes();
        String path = request.getServletPath();
        if (path.equals("/charges") && request.getMethod().equals("POST")) {
            int id = charges.incrementAndGet();
            answer(response, 201, "{\"chargeId\":" + id + "}");
        } else if (path.equals("/echo")) {
            String key = request.getHeader("Idempotency-Key");
            received.add(request.getMethod() + " " + (key == null ? "-" : key));
            answer(response, 200, "{}");
        } else if (path.equals("/received")) {
            answer(response, 200, String.join("\n", received));
        } else if (path.equals("/stats")) {
            answer(response, 200, "{\"charges\":" + charges.get() + "}");
        } else {
            answer(response, 404, "{}");
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
