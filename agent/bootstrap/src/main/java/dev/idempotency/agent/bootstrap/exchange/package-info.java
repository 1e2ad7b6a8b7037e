/**
 * What every adapter does the same way at its entry point, written once against a small
 * interface each adapter implements: {@link dev.idempotency.agent.bootstrap.exchange.ExchangeStart}
 * runs the begin sequence (route, mark, ask the gate, answer, or give the body back and capture; when
 * the adapter fails, let the request run as if the agent were absent while nothing is claimed, and
 * release a claim and answer the agent's 500 once the gate claimed it) over an
 * {@link dev.idempotency.agent.bootstrap.exchange.ExchangeHost}, the runtime's side of it;
 * {@link dev.idempotency.agent.bootstrap.exchange.HostRequestView} is the part of a request view
 * every adapter shares; {@link dev.idempotency.agent.bootstrap.exchange.FailureAnswer} is the agent's 500
 * an adapter writes when it cannot write the agent's answer. JDK types only, as the whole bridge.
 */
package dev.idempotency.agent.bootstrap.exchange;
