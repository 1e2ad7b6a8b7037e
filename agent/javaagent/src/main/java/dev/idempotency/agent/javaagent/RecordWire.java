package dev.idempotency.agent.javaagent;

import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Records and responses as bytes, for the calls between the operator's commands and the agent
 * of a running service ({@link FileStoreAccessMBean}): only JDK types cross JMX, so neither side
 * deserialises a class of the other. The first byte is the format's version; a command and an
 * agent of different formats refuse each other's bytes instead of misreading them.
 */
public final class RecordWire {

    private static final int VERSION = 1;

    private RecordWire() {
    }

    /** The records, in order. */
    public static byte[] records(List<StoredRecord> records) {
        return write(out -> {
            out.writeInt(records.size());
            for (StoredRecord record : records) {
                writeRecord(out, record);
            }
        });
    }

    /** The records {@link #records(List)} wrote. */
    public static List<StoredRecord> records(byte[] bytes) {
        return read(bytes, in -> {
            int count = in.readInt();
            List<StoredRecord> records = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                records.add(readRecord(in));
            }
            return records;
        });
    }

    public static byte[] response(StoredResponse response) {
        return write(out -> writeResponse(out, response));
    }

    public static StoredResponse response(byte[] bytes) {
        return read(bytes, RecordWire::readResponse);
    }

    private static void writeRecord(DataOutputStream out, StoredRecord record) throws IOException {
        writeText(out, record.scope());
        writeText(out, record.key());
        writeText(out, record.endpoint());
        writeText(out, record.fingerprint());
        out.writeUTF(record.state().name());
        writeText(out, record.owner());
        out.writeLong(record.fencingToken());
        writeInstant(out, record.leaseUntil());
        out.writeBoolean(record.leaseExpired());
        out.writeInt(record.attempts());
        writeText(out, record.firstRequestId());
        out.writeBoolean(record.response() != null);
        if (record.response() != null) {
            writeResponse(out, record.response());
        }
        writeInstant(out, record.createdAt());
        writeInstant(out, record.completedAt());
        writeInstant(out, record.expiresAt());
    }

    private static StoredRecord readRecord(DataInputStream in) throws IOException {
        String scope = readText(in);
        String key = readText(in);
        String endpoint = readText(in);
        String fingerprint = readText(in);
        RecordState state = RecordState.valueOf(in.readUTF());
        String owner = readText(in);
        long token = in.readLong();
        Instant leaseUntil = readInstant(in);
        boolean leaseExpired = in.readBoolean();
        int attempts = in.readInt();
        String firstRequestId = readText(in);
        StoredResponse response = in.readBoolean() ? readResponse(in) : null;
        return new StoredRecord(scope, key, endpoint, fingerprint, state, owner, token, leaseUntil, leaseExpired,
                attempts, firstRequestId, response, readInstant(in), readInstant(in), readInstant(in));
    }

    private static void writeResponse(DataOutputStream out, StoredResponse response) throws IOException {
        out.writeInt(response.status());
        out.writeInt(response.headers().size());
        for (Map.Entry<String, List<String>> header : response.headers().entrySet()) {
            writeText(out, header.getKey());
            out.writeInt(header.getValue().size());
            for (String value : header.getValue()) {
                writeText(out, value);
            }
        }
        out.writeInt(response.body().length);
        out.write(response.body());
        out.writeBoolean(response.bodyRetained());
    }

    private static StoredResponse readResponse(DataInputStream in) throws IOException {
        int status = in.readInt();
        int headerCount = in.readInt();
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 0; i < headerCount; i++) {
            String name = readText(in);
            int valueCount = in.readInt();
            List<String> values = new ArrayList<>(valueCount);
            for (int j = 0; j < valueCount; j++) {
                values.add(readText(in));
            }
            headers.put(name, values);
        }
        byte[] body = new byte[in.readInt()];
        in.readFully(body);
        return new StoredResponse(status, headers, body, in.readBoolean());
    }

    /** Strings of any length (a stored header value may exceed writeUTF's 64 KB), null kept. */
    private static void writeText(DataOutputStream out, String text) throws IOException {
        if (text == null) {
            out.writeInt(-1);
            return;
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readText(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static void writeInstant(DataOutputStream out, Instant instant) throws IOException {
        out.writeBoolean(instant != null);
        if (instant != null) {
            out.writeLong(instant.getEpochSecond());
            out.writeInt(instant.getNano());
        }
    }

    private static Instant readInstant(DataInputStream in) throws IOException {
        return in.readBoolean() ? Instant.ofEpochSecond(in.readLong(), in.readInt()) : null;
    }

    private interface Writing {
        void to(DataOutputStream out) throws IOException;
    }

    private interface Reading<T> {
        T from(DataInputStream in) throws IOException;
    }

    private static byte[] write(Writing writing) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            writing.to(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static <T> T read(byte[] bytes, Reading<T> reading) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            int version = in.readUnsignedByte();
            if (version != VERSION) {
                throw new IllegalArgumentException("records of format " + version + ", this version reads format "
                        + VERSION + ": use the agent jar the service runs");
            }
            return reading.from(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("unreadable records: " + e, e);
        }
    }
}
