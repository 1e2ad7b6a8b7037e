package dev.idempotency.agent.servlet.javax;

import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into Apache CXF 3's {@code AbstractHTTPDestination.invoke(ServletConfig, ServletContext,
 * HttpServletRequest, HttpServletResponse)}, where CXF's own Jetty transport hands over a request
 * that passed no servlet or filter. The same exchange as {@link ServletAdvice}'s, on the request
 * and response of arguments 2 and 3: behind a servlet or filter that already took the request,
 * its marker keeps this call out. A request the CXF JAX-RS adapter took by its resource method
 * ({@code CxfRsHost}) ends here, when CXF has written the answer or the application threw past it.
 */
public final class CxfDestinationAdvice {

    private CxfDestinationAdvice() {
    }

    @Advice.OnMethodEnter(suppress = Throwable.class, skipOn = Advice.OnNonDefaultValue.class)
    public static boolean enter(
            @Advice.This Object destination,
            @Advice.Argument(value = 2, readOnly = false) HttpServletRequest request,
            @Advice.Argument(value = 3, readOnly = false) HttpServletResponse response,
            @Advice.Local("exchange") ServletExchange exchange) {
        exchange = ServletExchange.beginAtCxfDestination(request, response, destination);
        if (exchange == null) {
            return false;
        }
        if (exchange.answered()) {
            return true;
        }
        request = (HttpServletRequest) exchange.request(request);
        response = (HttpServletResponse) exchange.response(response);
        return false;
    }

    @Advice.OnMethodExit(suppress = Throwable.class, onThrowable = Throwable.class)
    public static void exit(@Advice.Local("exchange") ServletExchange exchange,
            @Advice.Argument(2) HttpServletRequest request, @Advice.Thrown Throwable thrown) {
        if (exchange != null) {
            exchange.end(thrown);
        } else {
            ServletExchange.endBegunFurtherIn(request, thrown);
        }
    }
}
