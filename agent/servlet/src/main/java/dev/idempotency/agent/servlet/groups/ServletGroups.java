package dev.idempotency.agent.servlet.groups;

import dev.idempotency.agent.tooling.InstrumentationGroup;
import dev.idempotency.agent.tooling.InstrumentationLibrary;
import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.SupportedRange;
import java.util.Arrays;
import java.util.List;

/** Servlets and filters, {@code javax.servlet} and {@code jakarta.servlet}. */
public final class ServletGroups implements InstrumentationLibrary {

    /** Servlets and filters of {@code javax.servlet} (Servlet 3.0 to 4.0, e.g. Tomcat 7 to 9). */
    public static final GroupDescription JAVAX = GroupDescription.entryPoint("servlet-javax",
            SupportedRange.of("Servlet", "3.0", "4.0", "javax.servlet", "servlet-javax.jar"));
    /** Servlets and filters of {@code jakarta.servlet} (Servlet 5 and 6, e.g. Jetty 12, WildFly). */
    public static final GroupDescription JAKARTA = GroupDescription.entryPoint("servlet-jakarta",
            SupportedRange.of("Jakarta Servlet", "5.0", "6.1", "jakarta.servlet", "servlet-jakarta.jar"));

    @Override
    public List<GroupDescription> described() {
        return Arrays.asList(JAVAX, JAKARTA);
    }

    @Override
    public List<InstrumentationGroup> groups() {
        return Arrays.asList(ServletInstrumentation.javax(), ServletInstrumentation.jakarta());
    }
}
