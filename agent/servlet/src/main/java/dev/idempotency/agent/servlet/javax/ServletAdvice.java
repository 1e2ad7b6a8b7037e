package dev.idempotency.agent.servlet.javax;

import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into {@code Servlet.service(ServletRequest, ServletResponse)} and
 * {@code Filter.doFilter(ServletRequest, ServletResponse, FilterChain)}: both take the request and
 * response first, so one advice serves both. The outermost call of a declared endpoint swaps in
 * the buffering request and capturing response, or answers itself and skips the method body.
 */
public final class ServletAdvice {

    private ServletAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = Advice.OnNonDefaultValue.class)
    public static boolean enter(
            @Advice.This Object entryPoint,
            @Advice.Argument(value = 0, readOnly = false) ServletRequest request,
            @Advice.Argument(value = 1, readOnly = false) ServletResponse response,
            @Advice.Local("exchange") ServletExchange exchange) {
        exchange = ServletExchange.begin(request, response, entryPoint.getClass());
        if (exchange == null) {
            return false;
        }
        if (exchange.answered()) {
            return true;
        }
        request = exchange.request(request);
        response = exchange.response(response);
        return false;
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    public static void exit(@Advice.Local("exchange") ServletExchange exchange, @Advice.Thrown Throwable thrown) {
        if (exchange != null) {
            exchange.end(thrown);
        }
    }
}
