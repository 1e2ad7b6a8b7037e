package dev.idempotency.demo.javaxservlet;

import java.io.IOException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * {@code POST /login} with the form fields {@code user} and {@code password} (the demo's password
 * is {@code demo}): a form login as legacy services have, which puts the user into a new
 * HttpSession ({@code JSESSIONID}) and redirects; a wrong password gets 401.
 */
public class LoginServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    static final String USER = "user";

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String user = request.getParameter(USER);
        if (user == null || user.isBlank() || !"demo".equals(request.getParameter("password"))) {
            response.sendError(401);
            return;
        }
        request.getSession(true).setAttribute(USER, user);
        response.setStatus(303);
        response.setHeader("Location", request.getContextPath() + "/notes");
    }
}
