package dev.idempotency.agent.references.probe;

import java.io.IOException;
import javax.servlet.Filter;
import javax.servlet.FilterChain;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import javax.servlet.ServletResponse;

/**
 * Relies on the default {@code init} and {@code destroy} Servlet 4.0 gave {@link Filter}: in 3.1
 * they are abstract, and a 3.1 container calling them would meet an {@code AbstractMethodError}.
 */
public final class FilterWithoutInitProbe implements Filter {

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(request, response);
    }
}
