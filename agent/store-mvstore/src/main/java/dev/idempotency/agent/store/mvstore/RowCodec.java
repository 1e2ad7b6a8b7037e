package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredResponse;
import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link Row} as bytes: a format version, then each field in a fixed order, numbers as unsigned
 * variable-length integers (a small count takes one byte) and texts as their UTF-8 bytes after
 * their length. No field names and no Java serialization: a record with a 100-byte body takes
 * about as many bytes as its texts and body, plus a few dozen.
 */
final class RowCodec {

    /** Written first; a later layout gets another number and this codec still reads this one. */
    private static final int VERSION = 1;
    private static final RecordState[] STATES = RecordState.values();
    private static final int NULL_TEXT = 0;

    private RowCodec() {
    }

    static byte[] encode(Row row) {
        Output out = new Output();
        out.number(VERSION);
        out.text(row.endpoint);
        out.text(row.fingerprint);
        out.number(row.state.ordinal());
        out.text(row.owner);
        out.number(row.fencingToken);
        out.number(row.createdAt);
        // Later times as distances from the creation: smaller numbers, fewer bytes.
        out.signed(row.leaseUntil - row.createdAt);
        out.signed(row.expiresAt - row.createdAt);
        out.signed(row.completedAt == Row.NEVER ? -1 : row.completedAt - row.createdAt);
        out.number(row.attempts);
        out.text(row.firstRequestId);
        StoredResponse response = row.response;
        if (response == null) {
            out.number(0);
        } else {
            out.number(response.bodyRetained() ? 2 : 1);
            out.number(response.status());
            out.number(response.headers().size());
            for (Map.Entry<String, List<String>> header : response.headers().entrySet()) {
                out.text(header.getKey());
                out.number(header.getValue().size());
                for (String value : header.getValue()) {
                    out.text(value);
                }
            }
            out.bytes(response.body());
        }
        return out.toByteArray();
    }

    /** @throws IllegalStateException for bytes this codec did not write */
    static Row decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            int version = (int) number(in);
            if (version != VERSION) {
                throw new IllegalStateException("record written in layout " + version + ", this agent reads "
                        + VERSION);
            }
            Row row = new Row();
            row.endpoint = text(in);
            row.fingerprint = text(in);
            row.state = STATES[(int) number(in)];
            row.owner = text(in);
            row.fencingToken = number(in);
            row.createdAt = number(in);
            row.leaseUntil = row.createdAt + signed(in);
            row.expiresAt = row.createdAt + signed(in);
            long completedAfter = signed(in);
            row.completedAt = completedAfter < 0 ? Row.NEVER : row.createdAt + completedAfter;
            row.attempts = (int) number(in);
            row.firstRequestId = text(in);
            int response = (int) number(in);
            if (response != 0) {
                int status = (int) number(in);
                int headerCount = (int) number(in);
                Map<String, List<String>> headers = new LinkedHashMap<>();
                for (int h = 0; h < headerCount; h++) {
                    String name = text(in);
                    int valueCount = (int) number(in);
                    List<String> values = new ArrayList<>(valueCount);
                    for (int v = 0; v < valueCount; v++) {
                        values.add(text(in));
                    }
                    headers.put(name, values);
                }
                row.response = new StoredResponse(status, headers, bytes(in), response == 2);
            }
            return row;
        } catch (BufferUnderflowException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalStateException("damaged record of " + bytes.length + " bytes", e);
        }
    }

    private static long number(ByteBuffer in) {
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            byte next = in.get();
            value |= (long) (next & 0x7f) << shift;
            if (next >= 0) {
                return value;
            }
        }
    }

    private static long signed(ByteBuffer in) {
        long zigzag = number(in);
        return (zigzag >>> 1) ^ -(zigzag & 1);
    }

    private static byte[] bytes(ByteBuffer in) {
        byte[] bytes = new byte[(int) number(in)];
        in.get(bytes);
        return bytes;
    }

    /** Length plus one, so that 0 can say "no text". */
    private static String text(ByteBuffer in) {
        int lengthPlusOne = (int) number(in);
        if (lengthPlusOne == NULL_TEXT) {
            return null;
        }
        byte[] utf8 = new byte[lengthPlusOne - 1];
        in.get(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    private static final class Output extends ByteArrayOutputStream {

        Output() {
            super(128);
        }

        void number(long value) {
            long rest = value;
            while ((rest & ~0x7fL) != 0) {
                write((int) ((rest & 0x7f) | 0x80));
                rest >>>= 7;
            }
            write((int) rest);
        }

        void signed(long value) {
            number((value << 1) ^ (value >> 63));
        }

        void bytes(byte[] bytes) {
            number(bytes.length);
            write(bytes, 0, bytes.length);
        }

        void text(String text) {
            if (text == null) {
                number(NULL_TEXT);
                return;
            }
            byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
            number(utf8.length + 1L);
            write(utf8, 0, utf8.length);
        }
    }
}
