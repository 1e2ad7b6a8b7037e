package dev.idempotency.demo.jaxrsjavax;

import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;

/** The two resource classes, with Jersey's defaults bent to the servlet demos' API. */
public class OrdersApplication extends ResourceConfig {

    public OrdersApplication() {
        register(OrdersResource.class);
        register(ServiceResource.class);
        // Keep Location as the API writes it ("/orders/7"), as the servlet demos do.
        property(ServerProperties.LOCATION_HEADER_RELATIVE_URI_RESOLUTION_DISABLED, true);
        property(ServerProperties.WADL_FEATURE_DISABLE, true);
    }
}
