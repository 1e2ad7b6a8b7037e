package dev.idempotency.estate.javaee8;

import dev.idempotency.estate.jaxrs.EstateApplication;
import javax.ws.rs.ApplicationPath;

/** The estate's resources under {@code <context path>/api}, mapped by the server from this annotation alone. */
@ApplicationPath("api")
public class ApiApplication extends EstateApplication {
}
