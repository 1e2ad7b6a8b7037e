package dev.idempotency.agent.servlet.javax;

import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.body.ResponseBodyCopy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.servlet.ServletOutputStream;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpServletResponseWrapper;

/**
 * Lets every byte reach the client as the application writes it, and keeps a bounded copy of the
 * body for the store. Status and headers are read back from the container's response at the end,
 * so {@code setStatus}, {@code sendError}, {@code sendRedirect} and every header setter are seen
 * without being intercepted.
 */
final class CapturingResponse extends HttpServletResponseWrapper {

    private final ResponseBodyCopy copy;
    private TeeOutputStream stream;
    private TeeWriter writer;

    CapturingResponse(HttpServletResponse response, int limit) {
        super(response);
        this.copy = new ResponseBodyCopy(limit);
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (stream == null) {
            stream = new TeeOutputStream(super.getOutputStream(), copy);
        }
        return stream;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (writer == null) {
            writer = new TeeWriter(super.getWriter(), copy, charset());
        }
        return writer;
    }

    /** The container discards buffered content on reset; so does the copy. */
    @Override
    public void reset() {
        super.reset();
        copy.clear();
    }

    @Override
    public void resetBuffer() {
        super.resetBuffer();
        copy.clear();
    }

    boolean clientGone() {
        return copy.wasClientGone() || (writer != null && writer.checkError() && !isCommittedSafely());
    }

    private boolean isCommittedSafely() {
        try {
            return isCommitted();
        } catch (RuntimeException ignored) {
            return false;
        }
    }

    /**
     * The response as the client gets it. An exception that escapes before the response is
     * committed becomes the container's 500.
     */
    CapturedResponse captured(Throwable failure) {
        if (writer != null) {
            writer.flushCopy();
        }
        int status = failure != null && !isCommitted() ? 500 : getStatus();
        Map<String, List<String>> headers = new LinkedHashMap<>();
        if (getContentType() != null) {
            headers.put("Content-Type", List.of(getContentType()));
        }
        for (String name : getHeaderNames()) {
            if (!headers.containsKey(name)) {
                Collection<String> values = getHeaders(name);
                headers.put(name, new ArrayList<>(values));
            }
        }
        return copy.captured(status, headers);
    }

    private Charset charset() {
        try {
            String name = getCharacterEncoding();
            return name == null ? StandardCharsets.ISO_8859_1 : Charset.forName(name);
        } catch (RuntimeException unknown) {
            return StandardCharsets.ISO_8859_1;
        }
    }
}
