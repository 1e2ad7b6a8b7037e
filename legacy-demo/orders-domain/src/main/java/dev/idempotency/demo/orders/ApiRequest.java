package dev.idempotency.demo.orders;

import java.io.IOException;

/** What the operations need from an HTTP request; each servlet API adapts its own request to this. */
public interface ApiRequest {

    /** A query or form parameter, read the servlet way ({@code getParameter}); null if absent. */
    String parameter(String name);

    /** The raw request body (not for form posts, whose body the container parses). */
    byte[] body() throws IOException;

    /** The servlet context path: "" for the embedded demos, e.g. "/orders-demo" for the WAR. */
    String contextPath();
}
