package dev.idempotency.estate.jaxrs;

import java.util.HashSet;
import java.util.Set;
import javax.ws.rs.core.Application;

/**
 * The resources by name, as an old application lists them: no scanning, so every runtime (and every
 * deployment of them) serves exactly these. Its root comes from the container: the JDK server's
 * URI, a servlet mapping, or {@code @ApplicationPath} on a subclass.
 */
public class EstateApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<Class<?>>();
        classes.add(OrdersResource.class);
        classes.add(HealthResource.class);
        return classes;
    }
}
