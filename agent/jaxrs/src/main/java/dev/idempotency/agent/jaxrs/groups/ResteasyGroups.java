package dev.idempotency.agent.jaxrs.groups;

import dev.idempotency.agent.tooling.InstrumentationGroup;
import dev.idempotency.agent.tooling.InstrumentationLibrary;
import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.SupportedRange;
import java.util.Arrays;
import java.util.List;

/** RESTEasy 6 and 7 ({@code jakarta.ws.rs}), 4 and 3 ({@code javax.ws.rs}). */
public final class ResteasyGroups implements InstrumentationLibrary {

    /** RESTEasy 6 and 7's dispatch to a matched resource method ({@code jakarta.ws.rs}). */
    public static final GroupDescription JAKARTA = GroupDescription.entryPoint("resteasy-jakarta",
            SupportedRange.of("RESTEasy", "6.2", "7.0", "jakarta.ws.rs", "jaxrs-resteasy-jakarta.jar"));
    /** RESTEasy 4's dispatch to a matched resource method ({@code javax.ws.rs}). */
    public static final GroupDescription V4_JAVAX = GroupDescription.entryPoint("resteasy4-javax",
            SupportedRange.of("RESTEasy", "4.0", "4.7", "javax.ws.rs", "jaxrs-resteasy4-javax.jar"));
    /** RESTEasy 3's (3.5 to 3.15) dispatch to a matched resource method ({@code javax.ws.rs}). */
    public static final GroupDescription V3_JAVAX = GroupDescription.entryPoint("resteasy3-javax",
            SupportedRange.of("RESTEasy", "3.5", "3.15", "javax.ws.rs", "jaxrs-resteasy3-javax.jar"));

    @Override
    public List<GroupDescription> described() {
        return Arrays.asList(JAKARTA, V4_JAVAX, V3_JAVAX);
    }

    @Override
    public List<InstrumentationGroup> groups() {
        return Arrays.asList(ResteasyInstrumentation.jakarta(), ResteasyInstrumentation.javax4(),
                ResteasyInstrumentation.javax3());
    }
}
