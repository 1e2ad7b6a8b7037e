package dev.idempotency.demo.orders;

/** Row counts that reveal duplicate side effects: orders, their outbox e-mails, payments and provider charges. */
public record Stats(long orders, long emails, long payments, long charges) {}
