package dev.idempotency.agent.servlet.javax;

import javax.servlet.AsyncEvent;
import javax.servlet.AsyncListener;

/** Records the outcome of an async request when the container completes it, not when service() returns. */
final class AsyncCompletion implements AsyncListener {

    private final ServletExchange exchange;
    private volatile Throwable failure;

    AsyncCompletion(ServletExchange exchange) {
        this.exchange = exchange;
    }

    @Override
    public void onComplete(AsyncEvent event) {
        exchange.finish(failure);
    }

    /** A timeout is followed by the container's error handling and then onComplete. */
    @Override
    public void onTimeout(AsyncEvent event) {
    }

    @Override
    public void onError(AsyncEvent event) {
        failure = event.getThrowable();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        event.getAsyncContext().addListener(this);
    }
}
