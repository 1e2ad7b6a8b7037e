package dev.idempotency.agent.bootstrap;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * One claimed execution of the application. The adapter reports exactly one outcome, on every
 * exit path: normal return, exception, client disconnect, or the end of an async request.
 */
public interface Execution {

    /**
     * The application has finished. {@code failure} is the exception the application threw, or
     * {@code null}; {@code clientGone} is true when writing to the client failed.
     */
    void finish(CapturedResponse response, Throwable failure, boolean clientGone);

    /**
     * The application ran, but its outcome could not be taken ({@code cause}: the JVM ran out of
     * memory copying the response, say). The claim ends as outcome unknown, for an operator to
     * resolve; never in progress. Ends the execution as {@link #finish} does.
     */
    void abandon(Throwable cause);

    /**
     * The host answered the request ({@code status}, what the client received) without dispatching
     * it to the endpoint's handler: {@code answeredBy} names what answered instead (the container's
     * default servlet, a framework that matched no handler). Nothing of the endpoint ran, so the
     * claim is released, the key unspent: the retry on the spelling the host routes to the handler
     * executes. Ends the execution as {@link #finish} does.
     */
    void routedElsewhere(int status, String answeredBy);

    /**
     * Takes the outcome and reports it to {@code execution} ({@link #finish}); when taking it
     * fails (memory, say), abandons the execution instead, so the claim never outlives its request.
     */
    static void report(Execution execution, Supplier<CapturedResponse> outcome, Throwable failure,
            BooleanSupplier clientGone) {
        CapturedResponse taken;
        boolean gone;
        try {
            taken = outcome.get();
            gone = clientGone.getAsBoolean();
        } catch (Throwable notTaken) {
            execution.abandon(notTaken);
            return;
        }
        execution.finish(taken, failure, gone);
    }

    /**
     * The adapter ({@code adapter}, named as {@link dev.idempotency.agent.bootstrap.exchange.ExchangeHost#adapter()}
     * names it) failed ({@code cause}, an {@code Error} included) after this execution was claimed
     * and before the application started, so nothing ran. Ends the execution: the claim is released,
     * fenced by its token, so a retry executes at once; the cause is reported once, and the attempt
     * logged as the agent's failure. Returns what the adapter does instead: the answer to write (the
     * agent's 500, as the endpoint fails closed), or, on a fail-open endpoint, a verdict that
     * proceeds unobserved: the request then runs as if the agent were absent. Never throws. An
     * execution already ended (an outcome reported) is not released again.
     */
    Verdict notStarted(String adapter, Throwable cause);

    /** The largest body copy worth keeping; the adapter stops copying beyond it. */
    int responseCaptureLimit();
}
