package dev.idempotency.agent.servlet.groups;

import dev.idempotency.agent.tooling.InstrumentationGroup;
import dev.idempotency.agent.tooling.InstrumentationLibrary;
import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.SupportedRange;
import java.util.Arrays;
import java.util.List;

/** Apache CXF 3: its HTTP destination (its own Jetty transport) and its JAX-RS dispatch. */
public final class CxfGroups implements InstrumentationLibrary {

    /**
     * Apache CXF 3's HTTP destination ({@code javax.servlet}): the requests of CXF's own Jetty
     * transport, which reach no servlet or filter. Its adapter is the servlet adapter's.
     */
    public static final GroupDescription DESTINATION_JAVAX = GroupDescription.entryPoint("cxf-javax",
            SupportedRange.of("Apache CXF", "3.0", "3.6", "javax.servlet", "servlet-javax.jar"));
    /**
     * Apache CXF 3's JAX-RS dispatch to a matched resource method ({@code javax.ws.rs}), in any
     * container and on CXF's own Jetty transport.
     */
    public static final GroupDescription RS_JAVAX = GroupDescription.entryPoint("cxfrs-javax",
            SupportedRange.of("Apache CXF", "3.0", "3.6", "javax.ws.rs", "cxfrs-javax.jar"));

    @Override
    public List<GroupDescription> described() {
        return Arrays.asList(DESTINATION_JAVAX, RS_JAVAX);
    }

    @Override
    public List<InstrumentationGroup> groups() {
        return Arrays.asList(CxfInstrumentation.javax(), CxfRsInstrumentation.javax());
    }
}
