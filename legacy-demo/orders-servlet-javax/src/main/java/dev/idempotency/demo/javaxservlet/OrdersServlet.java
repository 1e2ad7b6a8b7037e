package dev.idempotency.demo.javaxservlet;

import dev.idempotency.demo.orders.ApiReply;
import dev.idempotency.demo.orders.OrdersApi;
import java.io.IOException;
import javax.servlet.AsyncContext;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * {@code /orders} and {@code /orders/*}: create orders (JSON or form), pay, read. With the query
 * {@code async=true} a POST is answered from another thread through the servlet async API, as
 * services that hand work to an executor do.
 *
 * <p>Two knobs complete the response before the handler returns, as MVC frameworks and careful
 * legacy code do: {@code complete=forward} forwards to the view named by the init parameter
 * {@code reply-view} (a JSP in the WAR, {@link ReplyViewServlet} in the embedded demos), which
 * writes the reply, and the container closes the response when the forward returns;
 * {@code complete=close} writes the reply and closes the output stream itself. With
 * {@code lingerMs} the handler then stays busy that long before it returns.
 */
public class OrdersServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private String replyView;

    @Override
    public void init() {
        replyView = getInitParameter("reply-view");
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException {
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
        String complete = request.getParameter("complete");
        if ("forward".equals(complete) && replyView == null) {
            response.sendError(501, "this deployment has no reply view to forward to");
            return;
        }
        Exchange exchange = new Exchange(request, response);
        ApiReply reply = OrdersApi.instance().post(request.getPathInfo(), exchange);
        if ("forward".equals(complete)) {
            exchange.forward(reply, request.getRequestDispatcher(replyView));
        } else {
            exchange.reply(reply);
            if ("close".equals(complete)) {
                response.getOutputStream().close();
            }
        }
        linger(request.getParameter("lingerMs"));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        new Exchange(request, response).reply(OrdersApi.instance().get(request.getPathInfo()));
    }

    /** Work after the answer (an audit write, a slow cleanup): the client already has the response. */
    private static void linger(String lingerMs) {
        if (lingerMs == null) {
            return;
        }
        try {
            Thread.sleep(Long.parseLong(lingerMs.trim()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
