package dev.idempotency.demo.javaxservlet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;

/**
 * A browser-facing shop under {@code /shop}, as server-rendered legacy applications are: a form
 * posted by a logged-in browser ({@link LoginServlet}), answered with a redirect to what it made
 * (POST-redirect-GET), and one order placed by a GET link, as some such applications do.
 * <ul>
 *   <li>{@code POST /shop/orders} (form fields {@code item}, {@code quantity}): places an order for
 *   the session's user and answers {@code 303} to {@code /shop/orders/{id};jsessionid=...}, the
 *   URL rewritten with the session id as for a browser without cookies. Without a logged-in
 *   session the application fails on its own: {@code 500}.</li>
 *   <li>{@code GET /shop/checkout?newOrder=&item=...&confirmed=true}: places an order by a GET,
 *   then the same redirect.</li>
 *   <li>{@code GET /shop/orders/{id}}: the order's page; {@code GET /shop/orders}: {@code {"orders": N}},
 *   every order placed.</li>
 * </ul>
 * Kept in memory: the demo restarts with none.
 */
public class ShopServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final Map<Long, String> orders = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!"/orders".equals(request.getPathInfo())) {
            response.sendError(404);
            return;
        }
        place(request, response, request.getParameter("item"), request.getParameter("quantity"));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo() == null ? "" : request.getPathInfo();
        if (path.equals("/checkout") && request.getParameter("newOrder") != null
                && "true".equals(request.getParameter("confirmed"))) {
            place(request, response, request.getParameter("item"), "1");
        } else if (path.equals("/orders")) {
            reply(response, 200, "application/json", "{\"orders\":" + orders.size() + "}");
        } else if (path.startsWith("/orders/") && orders.containsKey(idOf(path))) {
            reply(response, 200, "text/html", "<html><body><h1>Order " + idOf(path) + "</h1><p>"
                    + escaped(orders.get(idOf(path))) + "</p></body></html>");
        } else {
            response.sendError(404);
        }
    }

    private void place(HttpServletRequest request, HttpServletResponse response, String item, String quantity)
            throws IOException {
        HttpSession session = request.getSession(false);
        Object user = session == null ? null : session.getAttribute(LoginServlet.USER);
        if (user == null) {
            // what a form application does with a session that lacks the state its form set up
            throw new IllegalStateException("no customer in this session");
        }
        if (item == null || item.isBlank()) {
            reply(response, 400, "text/html", "<html><body><p>Which item?</p></body></html>");
            return;
        }
        long id = ids.incrementAndGet();
        orders.put(id, user + ": " + quantity + " x " + item);
        response.setStatus(303);
        response.setHeader("Location", request.getContextPath() + "/shop/orders/" + id + ";jsessionid=" + session.getId());
    }

    private static long idOf(String path) {
        try {
            return Long.parseLong(path.substring("/orders/".length()).replaceFirst(";.*", ""));
        } catch (NumberFormatException notAnId) {
            return -1;
        }
    }

    private static String escaped(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static void reply(HttpServletResponse response, int status, String contentType, String text)
            throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType(contentType + ";charset=UTF-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
