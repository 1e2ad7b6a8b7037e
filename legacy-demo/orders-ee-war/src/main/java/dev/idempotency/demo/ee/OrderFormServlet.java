package dev.idempotency.demo.ee;

import dev.idempotency.demo.orders.ApiReply;
import dev.idempotency.demo.orders.ApiRequest;
import dev.idempotency.demo.orders.OrdersApi;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;

/** {@code POST /orders/form} ({@code item=book&quantity=2}): a plain servlet next to the JAX-RS resources. */
@WebServlet("/orders/form")
public class OrderFormServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ApiRequest form = new ApiRequest() {
            @Override
            public String parameter(String name) {
                return request.getParameter(name);
            }

            @Override
            public byte[] body() throws IOException {
                return request.getInputStream().readAllBytes();
            }

            @Override
            public String contextPath() {
                return request.getContextPath();
            }
        };
        reply(OrdersApi.instance().post("/form", form), response);
    }

    private static void reply(ApiReply reply, HttpServletResponse response) throws IOException {
        byte[] body = reply.bytes();
        response.setStatus(reply.status());
        response.setContentType(reply.contentType());
        for (Map.Entry<String, String> header : reply.headers().entrySet()) {
            response.addHeader(header.getKey(), header.getValue());
        }
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
