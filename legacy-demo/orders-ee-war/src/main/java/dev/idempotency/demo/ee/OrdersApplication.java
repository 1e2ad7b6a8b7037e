package dev.idempotency.demo.ee;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/**
 * JAX-RS at the root of the context; the server finds the resources by scanning. The form create
 * is a servlet of its own ({@link OrderFormServlet}), whose exact mapping wins over JAX-RS's
 * {@code /*}.
 */
@ApplicationPath("/")
public class OrdersApplication extends Application {
}
