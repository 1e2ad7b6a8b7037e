package dev.idempotency.demo.jakartaservlet;

import java.io.IOException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The embedded demos' stand-in for the WAR's {@code WEB-INF/reply.jsp}: the view {@link OrdersServlet}
 * forwards to with {@code complete=forward}. It writes the reply body the servlet left in the request.
 */
public class ReplyViewServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object body = request.getAttribute(Exchange.REPLY_BODY);
        if (body == null) {
            response.sendError(404);
            return;
        }
        response.setContentType("application/json;charset=UTF-8");
        response.getWriter().write(body.toString());
    }
}
