package dev.idempotency.agent.jaxrs.groups;

import dev.idempotency.agent.tooling.InstrumentationGroup;
import dev.idempotency.agent.tooling.InstrumentationLibrary;
import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.SupportedRange;
import java.util.Arrays;
import java.util.List;

/** Jersey 2 ({@code javax.ws.rs}), Jersey 3 and 4 ({@code jakarta.ws.rs}). */
public final class JerseyGroups implements InstrumentationLibrary {

    /** Jersey 2's dispatch to a matched resource method ({@code javax.ws.rs}). */
    public static final GroupDescription JAVAX = GroupDescription.entryPoint("jersey-javax",
            SupportedRange.of("Jersey", "2.8", "2.48", "javax.ws.rs", "jaxrs-jersey-javax.jar"));
    /** Jersey 3 and 4's dispatch to a matched resource method ({@code jakarta.ws.rs}). */
    public static final GroupDescription JAKARTA = GroupDescription.entryPoint("jersey-jakarta",
            SupportedRange.of("Jersey", "3.1", "4.0", "jakarta.ws.rs", "jaxrs-jersey-jakarta.jar"));

    @Override
    public List<GroupDescription> described() {
        return Arrays.asList(JAVAX, JAKARTA);
    }

    @Override
    public List<InstrumentationGroup> groups() {
        return Arrays.asList(JerseyInstrumentation.javax(), JerseyInstrumentation.jakarta());
    }
}
