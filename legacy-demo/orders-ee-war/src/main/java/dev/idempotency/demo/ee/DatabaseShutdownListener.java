package dev.idempotency.demo.ee;

import dev.idempotency.demo.orders.OrdersApi;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

/** Closes the demo database when the WAR is undeployed or the server stops. */
@WebListener
public class DatabaseShutdownListener implements ServletContextListener {

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        OrdersApi.shutdown();
    }
}
