package dev.idempotency.agent.config.testing;

import java.util.Map;

/**
 * One config that sets every field (store, keeper, logging, every endpoint setting in
 * {@code defaults}, two endpoints: {@code create-order} takes the defaults, {@code PUT /orders/{id}}
 * overrides a few), for the tests that follow a config from the file to where it is used: the
 * loader's, and the agent's from the file to the core's policies.
 */
public final class SampleConfig {

    /** The config, in YAML; its store password is {@code ${env:DB_PASSWORD}}, see {@link #ENV}. */
    public static final String EVERY_FIELD = """
            service-name: orders
            on-config-error: disable
            protection-check-after: 3m
            store:
              url: jdbc:postgresql://db:5432/orders
              user: app
              password: ${env:DB_PASSWORD}
              table: app.idempotency_record
              pool-size: 4
              connect-timeout: 500ms
              statement-timeout: 3s
            keeper:
              renew-interval: 5s
              purge-interval: 15m
              purge-batch-size: 100
            logging:
              sink: file
              file: ./logs/attempts.jsonl
              max-file-size: 512KB
              max-files: 3
              hash-secret: ${env:HASH_SECRET:-fallback-secret}
              request-id-header: X-Correlation-Id
              header-allow-list: [User-Agent]
              mask-path: false
              body:
                enabled: true
                redact-fields: [iban]
                max-size: 4KB
            defaults:
              key-header: X-Idempotency-Key
              required: false
              key-min-length: 8
              key-max-length: 64
              key-pattern: "[A-Za-z0-9-]+"
              scope: [header:X-Tenant-Id, principal]
              ttl: 7d
              lease: 1m
              fingerprint:
                mode: json
                ignored-fields: [requestedAt, meta.trace]
                query-parameters: [currency]
                headers: [Content-Type]
              statuses:
                missing-key: 428
                invalid-key: 422
                body-too-large: 400
                deadline-exceeded: 408
                store-unavailable: 500
                key-reused: 409
                in-progress: 429
                outcome-unknown: 500
              release-on-status: [503, 502]
              in-flight-wait: 2s
              retry-after: 5s
              max-request-body: 2MB
              max-stored-response-body: 256KB
              crash-policy: reexecute
              on-store-error: fail-open
              replay-headers: [X-Order-Id]
              deadline:
                header: x-envoy-expected-rq-timeout-ms
                format: relative-ms
            endpoints:
              - name: create-order
                method: POST
                path: /orders
                resource-method: com.acme.OrderResource#create
              - method: put
                path: /orders/{id}
                ttl: 1h
                fingerprint:
                  mode: raw
                statuses:
                  key-reused: 422
            """;

    /** The environment {@link #EVERY_FIELD} is loaded with: {@code DB_PASSWORD} is {@code s3cret}. */
    public static final Map<String, String> ENV = Map.of("DB_PASSWORD", "s3cret");

    private SampleConfig() {
    }
}
