package dev.idempotency.agent.servlet.javax;

import javax.servlet.AsyncContext;
import javax.servlet.AsyncListener;
import javax.servlet.ServletContext;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;

/**
 * The application's async context, recording the outcome before {@link #complete()} hands the
 * response to the container: containers send the end of an async response at {@code complete()}
 * and run the listeners' {@code onComplete} after, so a client could otherwise retry at once and
 * find the key still in progress. Everything else goes to the container's context.
 */
final class CompletingAsyncContext implements AsyncContext {

    private final AsyncContext container;
    private final Runnable beforeComplete;

    CompletingAsyncContext(AsyncContext container, Runnable beforeComplete) {
        this.container = container;
        this.beforeComplete = beforeComplete;
    }

    @Override
    public void complete() {
        try {
            beforeComplete.run();
        } finally {
            container.complete();
        }
    }

    @Override
    public ServletRequest getRequest() {
        return container.getRequest();
    }

    @Override
    public ServletResponse getResponse() {
        return container.getResponse();
    }

    @Override
    public boolean hasOriginalRequestAndResponse() {
        return container.hasOriginalRequestAndResponse();
    }

    @Override
    public void dispatch() {
        container.dispatch();
    }

    @Override
    public void dispatch(String path) {
        container.dispatch(path);
    }

    @Override
    public void dispatch(ServletContext context, String path) {
        container.dispatch(context, path);
    }

    @Override
    public void start(Runnable run) {
        container.start(run);
    }

    @Override
    public void addListener(AsyncListener listener) {
        container.addListener(listener);
    }

    @Override
    public void addListener(AsyncListener listener, ServletRequest request, ServletResponse response) {
        container.addListener(listener, request, response);
    }

    @Override
    public <T extends AsyncListener> T createListener(Class<T> type) throws ServletException {
        return container.createListener(type);
    }

    @Override
    public void setTimeout(long timeout) {
        container.setTimeout(timeout);
    }

    @Override
    public long getTimeout() {
        return container.getTimeout();
    }
}
