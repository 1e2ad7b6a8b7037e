package dev.idempotency.agent.tooling.groups;

import dev.idempotency.agent.tooling.InstrumentationGroup;
import dev.idempotency.agent.tooling.InstrumentationLibrary;
import java.util.Arrays;
import java.util.List;

/**
 * The HTTP client libraries an application brings: Apache HttpClient 4 and 5, OkHttp, Spring's
 * clients. The JDK's own clients and hand-offs come with the JVM and are not registered here
 * ({@code JdkClients}, {@code JdkHandOffs}).
 */
public final class HttpClientGroups implements InstrumentationLibrary {

    @Override
    public List<InstrumentationGroup> groups() {
        return Arrays.asList(ClientInstrumentation.apacheHttpClient4(), ApacheHttpClient5Instrumentation.v5(),
                ClientInstrumentation.okHttp3(), ClientInstrumentation.springWebClient(),
                ClientInstrumentation.springRestClients());
    }
}
