package dev.idempotency.demo.javaxservlet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;

/**
 * {@code POST /notes {"text": ...}} for a logged-in session only ({@link LoginServlet}; else 401):
 * an endpoint behind a form login, whose keys belong to the session. {@code GET /notes} counts the
 * notes of every session. Kept in memory.
 */
public class NotesServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final AtomicLong notes = new AtomicLong();

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        HttpSession session = request.getSession(false);
        Object user = session == null ? null : session.getAttribute(LoginServlet.USER);
        if (user == null) {
            reply(response, 401, "{\"error\":\"log in first\"}");
            return;
        }
        JsonNode text;
        try {
            text = JSON.readTree(request.getInputStream()).path("text");
        } catch (IOException notJson) {
            reply(response, 400, "{\"error\":\"not JSON\"}");
            return;
        }
        long id = notes.incrementAndGet();
        reply(response, 201, JSON.writeValueAsString(Map.of("id", id, "user", user, "session", session.getId(),
                "text", text.asText())));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        reply(response, 200, "{\"notes\":" + notes.get() + "}");
    }

    private static void reply(HttpServletResponse response, int status, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
