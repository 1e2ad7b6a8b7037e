package dev.idempotency.estate.springboot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** {@code java -jar estate-spring-boot27.jar}: the estate contract at the root; the port from {@code server.port}. */
@SpringBootApplication
public class EstateApplication {

    public static void main(String[] args) {
        SpringApplication.run(EstateApplication.class, args);
    }
}
