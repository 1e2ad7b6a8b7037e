package dev.idempotency.agent.core.attempt;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Version-4 UUIDs for the ids the agent makes up (a request id a client did not send, the owner of
 * this JVM's claims), drawn from {@link ThreadLocalRandom}. They only tell requests and instances
 * apart; none is a secret or authorises anything, so they need not be unpredictable. The JDK's
 * {@link UUID#randomUUID()} would set up {@code SecureRandom} and its providers on first use, about
 * 30 ms of the service's start on the thread that asks first.
 */
public final class RandomUuids {

    private RandomUuids() {
    }

    public static String next() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long most = (random.nextLong() & ~0xF000L) | 0x4000L; // version 4
        long least = (random.nextLong() & ~(0xC000L << 48)) | (0x8000L << 48); // IETF variant
        return new UUID(most, least).toString();
    }
}
