package dev.idempotency.agent.store.redis;

import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;

/**
 * A record as the scripts return it: the hash's fields in {@code records.lua}'s {@code FIELDS}
 * order (scope, key, endpoint, fingerprint, state, owner, token, lease until, attempts, request id,
 * created, completed, expires, status, headers, body, retained), then the server's time.
 */
final class RecordReply {

    private RecordReply() {
    }

    static StoredRecord decode(List<?> fields) {
        long now = number(fields, 17);
        Instant leaseUntil = Instant.ofEpochMilli(number(fields, 7));
        StoredResponse response = fields.get(13) == null ? null : new StoredResponse((int) number(fields, 13),
                HeaderCodec.decode((byte[]) fields.get(14)), (byte[]) fields.get(15), "1".equals(text(fields, 16)));
        String requestId = text(fields, 9);
        return new StoredRecord(text(fields, 0), text(fields, 1), text(fields, 2), text(fields, 3),
                RecordState.valueOf(text(fields, 4)), text(fields, 5), number(fields, 6), leaseUntil,
                number(fields, 7) <= now, (int) number(fields, 8), requestId == null || requestId.isEmpty() ? null : requestId,
                response, Instant.ofEpochMilli(number(fields, 10)),
                fields.get(11) == null ? null : Instant.ofEpochMilli(number(fields, 11)),
                Instant.ofEpochMilli(number(fields, 12)));
    }

    private static String text(List<?> fields, int index) {
        Object value = fields.get(index);
        return value == null ? null : new String((byte[]) value, StandardCharsets.UTF_8);
    }

    private static long number(List<?> fields, int index) {
        return Long.parseLong(text(fields, index));
    }
}
