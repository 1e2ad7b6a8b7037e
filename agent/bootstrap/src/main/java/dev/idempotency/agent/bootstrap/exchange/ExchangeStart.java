package dev.idempotency.agent.bootstrap.exchange;

import dev.idempotency.agent.bootstrap.Bridge;
import dev.idempotency.agent.bootstrap.Execution;
import dev.idempotency.agent.bootstrap.Gate;
import dev.idempotency.agent.bootstrap.Route;
import dev.idempotency.agent.bootstrap.Verdict;
import dev.idempotency.agent.bootstrap.body.RequestBody;
import dev.idempotency.agent.bootstrap.downstream.DownstreamCalls;

/**
 * The begin sequence of every adapter, written once: a request the agent may take is routed; an
 * undeclared one that changes state, or a GET, is told to the gate (for {@code discover}) and left alone; a
 * declared one is marked and decided by the gate on the adapter's view, then answered by the agent,
 * or given back the body the core read and let through under capture.
 */
public final class ExchangeStart {

    private ExchangeStart() {
    }

    /**
     * Runs the sequence over {@code host}, for one call of an advised entry point. Returns what the
     * host made of the gate's verdict, or {@code null} when the application is to run as if the agent
     * were absent: the request is not the agent's (no gate, taken further out, undeclared), or the
     * adapter failed where nothing is claimed (before the gate decided, or after a verdict that runs
     * the application unobserved), which the gate reports. An adapter failure after the gate claimed
     * the request, before the application started, is the claim's to end (see {@link #notStarted}).
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
            if ((Gate.changesState(host.method()) || getThatMayChangeState(gate, host)) && host.tellsUndeclared()) {
                undeclared(gate, host);
            }
            return null;
        }
        host.mark();
        HostRequestView view;
        Verdict verdict;
        try {
            view = host.view();
            verdict = gate.begin(route, view);
        } catch (VirtualMachineError fatal) {
            throw fatal; // as the gate lets it go (see Gate): the host's to handle, as without the agent
        } catch (Throwable failure) {
            // The gate throws nothing else; this is the adapter failing before the gate could claim anything.
            // Run the application as if the agent were absent rather than break the host.
            gate.adapterFailure(host.adapter(), failure);
            return null;
        }
        if (!verdict.proceeds()) {
            // The application does not run, so it needs no body; a failure to write the answer is
            // the host's to turn into the agent's 500 (the stored record stays as it is).
            return host.answer(verdict);
        }
        try {
            RequestBody body = view.readAhead();
            if (body != null) {
                host.replay(body);
            }
            return host.proceed(verdict);
        } catch (Throwable failure) {
            return notStarted(gate, host, verdict, failure);
        }
    }

    /**
     * The adapter failed ({@code failure}, an {@code Error} included) while preparing the
     * application's run, which has not started. Unobserved ({@code verdict} has no execution:
     * fail-open, a key not required), nothing is claimed: the application runs as if the agent were
     * absent. Claimed, running it would leave the key's operation unprotected and its claim in
     * progress until its lease ends: the execution ends instead, its claim released, and the host
     * writes the agent's answer in the application's place (the agent's 500; fail-open: the
     * application runs as if the agent were absent). An {@code Error} is not thrown on: the advice
     * suppresses what the sequence throws and runs the host's method, so a rethrow would run the
     * application unprotected after its claim was released.
     */
    private static <T> T notStarted(Gate gate, ExchangeHost<T> host, Verdict verdict, Throwable failure) {
        Execution claimed = verdict.execution();
        if (claimed == null) {
            gate.adapterFailure(host.adapter(), failure);
            return null;
        }
        Verdict instead = claimed.notStarted(host.adapter(), failure);
        return instead.proceeds() ? null : host.answer(instead);
    }

    /**
     * An undeclared GET the gate would list for {@code discover} (it carries a key, or its query
     * names a command): a look at its view, no more, for every other GET.
     */
    private static boolean getThatMayChangeState(Gate gate, ExchangeHost<?> host) {
        if (!"GET".equals(host.method())) {
            return false;
        }
        try {
            return gate.mayChangeState(host.view());
        } catch (Throwable failure) {
            gate.adapterFailure(host.adapter(), failure);
            return false;
        }
    }

    /** Tells the gate of a request no declaration matched that changes state or is a GET, for {@code discover}. */
    private static void undeclared(Gate gate, ExchangeHost<?> host) {
        try {
            gate.undeclared(host.view(), host.resourceClass(), host.resourceMethod());
        } catch (Throwable failure) {
            gate.adapterFailure(host.adapter(), failure);
        }
    }
}
