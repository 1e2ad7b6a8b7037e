package dev.idempotency.agent.store.redis;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A stored response's headers as bytes: the count of names, then each name with its count of values and the values. */
final class HeaderCodec {

    private HeaderCodec() {
    }

    static byte[] encode(Map<String, List<String>> headers) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(headers.size());
            for (Map.Entry<String, List<String>> header : headers.entrySet()) {
                text(out, header.getKey());
                out.writeInt(header.getValue().size());
                for (String value : header.getValue()) {
                    text(out, value);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static Map<String, List<String>> decode(byte[] encoded) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded))) {
            int names = in.readInt();
            for (int i = 0; i < names; i++) {
                String name = text(in);
                int count = in.readInt();
                List<String> values = new ArrayList<>(count);
                for (int j = 0; j < count; j++) {
                    values.add(text(in));
                }
                headers.put(name, values);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("stored headers unreadable", e);
        }
        return headers;
    }

    private static void text(DataOutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String text(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
