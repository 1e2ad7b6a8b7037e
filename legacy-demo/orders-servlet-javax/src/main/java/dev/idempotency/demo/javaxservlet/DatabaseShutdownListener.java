package dev.idempotency.demo.javaxservlet;

import dev.idempotency.demo.orders.OrdersApi;
import javax.servlet.ServletContextEvent;
import javax.servlet.ServletContextListener;

/** Closes the demo database when the WAR is undeployed or the container stops. */
public class DatabaseShutdownListener implements ServletContextListener {

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        OrdersApi.shutdown();
    }
}
