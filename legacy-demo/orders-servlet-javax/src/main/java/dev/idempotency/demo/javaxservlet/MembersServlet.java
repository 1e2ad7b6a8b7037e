package dev.idempotency.demo.javaxservlet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * {@code POST /members {"email": ...}} registers a member whose e-mail address is unique, and a
 * duplicate gets the application's own {@code 409 {"email":"taken"}}: the unique constraint any
 * real service has, which a client's retry with a new key runs into. {@code GET /members} counts
 * them. Kept in memory: the demo restarts with none.
 */
public class MembersServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, Long> idsByEmail = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        JsonNode email;
        try {
            email = JSON.readTree(request.getInputStream()).path("email");
        } catch (IOException notJson) {
            reply(response, 400, "{\"error\":\"not JSON\"}");
            return;
        }
        if (!email.isTextual() || email.asText().isBlank()) {
            reply(response, 400, "{\"email\":\"missing\"}");
            return;
        }
        long id = ids.incrementAndGet();
        if (idsByEmail.putIfAbsent(email.asText(), id) != null) {
            reply(response, 409, "{\"email\":\"taken\"}");
            return;
        }
        reply(response, 201, JSON.writeValueAsString(Map.of("id", id, "email", email.asText())));
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        reply(response, 200, "{\"members\":" + idsByEmail.size() + "}");
    }

    private static void reply(HttpServletResponse response, int status, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
