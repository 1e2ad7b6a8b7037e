package dev.idempotency.agent.servlet.javax;

import java.util.Collections;
import dev.idempotency.agent.bootstrap.CapturedResponse;
import dev.idempotency.agent.bootstrap.body.ResponseBodyCopy;
import dev.idempotency.agent.bootstrap.body.ResponseEnd;
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
 *
 * <p>The one thing held back is the application's {@code Content-Length}: a container that sees
 * the announced length written completes the response on the wire at once (Jetty does), before
 * the agent has stored the outcome, and a client repeating the request at that moment would get
 * "in progress" for a request it has fully received. {@link #releaseContentLength()} sets it once
 * the outcome is stored; if the response was committed earlier, the container sends it chunked.
 *
 * <p>The outcome is stored as soon as the application has given the container the whole
 * response, which can be long before the handler returns: see {@link ResponseEnd}.
 */
final class CapturingResponse extends HttpServletResponseWrapper {

    private final ResponseBodyCopy copy;
    private final ResponseEnd end = new ResponseEnd();
    private TeeOutputStream stream;
    private TeeWriter writer;
    private long contentLength = -1;

    CapturingResponse(HttpServletResponse response, int limit) {
        super(response);
        this.copy = new ResponseBodyCopy(limit);
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (stream == null) {
            stream = new TeeOutputStream(super.getOutputStream(), copy, end);
        }
        return stream;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (writer == null) {
            writer = new TeeWriter(super.getWriter(), copy, charset(), end);
        }
        return writer;
    }

    /** Runs when the application has given the container the whole response (see {@link dev.idempotency.agent.bootstrap.body.ResponseEnd}). */
    void onEnd(Runnable hook) {
        end.onEnd(hook);
    }

    /** The container discards buffered content on reset; so does the copy. */
    @Override
    public void reset() {
        super.reset();
        discardCopy();
        declareContentLength(-1);
        end.restart();
    }

    @Override
    public void setContentLength(int length) {
        declareContentLength(length);
    }

    @Override
    public void setContentLengthLong(long length) {
        declareContentLength(length);
    }

    private void declareContentLength(long length) {
        contentLength = length;
        end.declare(length);
    }

    @Override
    public void setHeader(String name, String value) {
        if (!holdsBackContentLength(name, value)) {
            super.setHeader(name, value);
        }
    }

    @Override
    public void addHeader(String name, String value) {
        if (!holdsBackContentLength(name, value)) {
            super.addHeader(name, value);
        }
    }

    @Override
    public void setIntHeader(String name, int value) {
        if (!holdsBackContentLength(name, String.valueOf(value))) {
            super.setIntHeader(name, value);
        }
    }

    @Override
    public void addIntHeader(String name, int value) {
        if (!holdsBackContentLength(name, String.valueOf(value))) {
            super.addIntHeader(name, value);
        }
    }

    private boolean holdsBackContentLength(String name, String value) {
        if (!"Content-Length".equalsIgnoreCase(name)) {
            return false;
        }
        try {
            declareContentLength(value == null ? -1 : Long.parseLong(value.trim()));
        } catch (NumberFormatException notANumber) {
            return false;
        }
        return true;
    }

    /**
     * Gives the container the application's {@code Content-Length}, unless the response went out
     * without it. As a header: {@code setContentLengthLong} is Servlet 3.1, and containers treat
     * the header as the length on every version.
     */
    void releaseContentLength() {
        if (contentLength >= 0 && !isCommittedSafely()) {
            super.setHeader("Content-Length", Long.toString(contentLength));
        }
    }

    @Override
    public void resetBuffer() {
        super.resetBuffer();
        discardCopy();
        end.restart();
    }

    /** Text the writer holds back to encode in chunks was discarded by the container too. */
    private void discardCopy() {
        if (writer != null) {
            writer.discardPending();
        }
        copy.clear();
    }

    /**
     * Whether a write to the client failed. The writer is asked only once the response is
     * committed: {@code checkError} flushes, and on an uncommitted response that would send it
     * now, without the Content-Length still held back, and before the container could answer a
     * failure with its 500. Nothing has gone to the client then, so no write to it can have failed.
     */
    boolean clientGone() {
        return copy.wasClientGone() || (writer != null && isCommittedSafely() && writer.checkError());
    }

    private boolean isCommittedSafely() {
        try {
            return isCommitted();
        } catch (RuntimeException ignored) {
            return false;
        }
    }

    /** The response as the client gets it. */
    CapturedResponse captured(Throwable failure) {
        if (writer != null) {
            writer.flushCopy();
        }
        int status = CapturedResponse.statusReceived(getStatus(), isCommitted(), failure);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        if (getContentType() != null) {
            headers.put("Content-Type", Collections.singletonList(getContentType()));
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
