package dev.idempotency.demo.jaxrsjakarta;

import jakarta.ws.rs.core.Application;
import java.util.Set;

/** The two resource classes. */
public class OrdersApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(OrdersResource.class, ServiceResource.class);
    }
}
