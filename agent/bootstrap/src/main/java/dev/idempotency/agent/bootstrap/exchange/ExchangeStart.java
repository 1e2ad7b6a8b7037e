package dev.idempotency.agent.bootstrap.exchange;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;

/**
 * The begin sequence of every adapter, written once: a request the agent may take is routed; an
 * undeclared one that changes state is told to the gate (for {@code discover}) and left alone; a
 * declared one is marked, decided by the gate on the adapter's view, given back the body the core
 * read, and answered by the agent or let through under capture.
 */
public final class ExchangeStart {

    private ExchangeStart() {
    }

    /**
     * Runs the sequence over {@code host}, for one call of an advised entry point. Returns what the
     * host made of the gate's verdict, or {@code null} when the request is not the agent's (no gate,
     * taken further out, undeclared) or the adapter failed: the request then runs as if the agent
     * were absent, and the gate reports the failure.
     */
    public static <T> T begin(ExchangeHost<T> host) {
        Gate gate = Bridge.gate();
        if (gate == null || !host.mayTake()) {
            return null;
        }
        // A request no entry further out took is a new one on this thread: an execution that went
        // async and ends elsewhere keys no downstream call of it.
        DownstreamCalls.leaveAny();
        Route route = host.route(gate);
        if (route == null) {
            if (Gate.changesState(host.method()) && host.tellsUndeclared()) {
                undeclared(gate, host);
            }
            return null;
        }
        host.mark();
        try {
            HostRequestView view = host.view();
            Verdict verdict = gate.begin(route, view);
            RequestBody body = view.readAhead();
            if (body != null) {
                host.replay(body);
            }
            return verdict.proceeds() ? host.proceed(verdict) : host.answer(verdict);
        } catch (Throwable failure) {
            // The gate never throws; this is the adapter failing. Run the application as if the
            // agent were absent rather than break the host.
            gate.adapterFailure(host.adapter(), failure);
            return null;
        }
    }

    /** Tells the gate of a state-changing request no declaration matched, for {@code discover}. */
    private static void undeclared(Gate gate, ExchangeHost<?> host) {
        try {
            gate.undeclared(host.view(), host.resourceClass(), host.resourceMethod());
        } catch (Throwable failure) {
            gate.adapterFailure(host.adapter(), failure);
        }
    }
}
