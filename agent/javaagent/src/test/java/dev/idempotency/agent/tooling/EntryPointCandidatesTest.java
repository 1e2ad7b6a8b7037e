package dev.idempotency.agent.tooling;

import static org.assertj.core.api.Assertions.assertThat;

import org.assertj.core.api.Assertions;

import java.net.URL;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The pre-filter's names come from the instrumentations; a class only a disabled group wants is
 * passed over and reported, one an enabled group wants passes.
 */
class EntryPointCandidatesTest {

    private static final String JERSEY_INVOKER = "org/glassfish/jersey/server/model/ResourceMethodInvoker";
    private static final String RESTEASY_DISPATCHER = "org/jboss/resteasy/core/SynchronousDispatcher";
    private static final String JAVAX_RESPONSE = "javax/ws/rs/core/Response";
    private static final String RESTEASY3_INVOKER = "org/jboss/resteasy/core/ResourceInvoker";
    private static final byte[] NOT_PARSED = new byte[0];

    private final RecordingEvents events = new RecordingEvents();

    @Test
    void everyGroupOnLetsTheRuntimesDispatchThroughWhereTheLoaderSeesItsApi() {
        EntryPointCandidates candidates = candidates();

        assertThat(candidates.mayBeInstrumented(seeing("javax/ws/rs/core/Response"), JERSEY_INVOKER, NOT_PARSED)).isTrue();
        assertThat(candidates.mayBeInstrumented(seeing("jakarta/ws/rs/core/Response"), JERSEY_INVOKER, NOT_PARSED)).isTrue();
        assertThat(candidates.mayBeInstrumented(seeing("jakarta/ws/rs/core/Response"),
                "org/jboss/resteasy/core/SynchronousDispatcher", NOT_PARSED)).isTrue();
        assertThat(candidates.mayBeInstrumented(seeing(), JERSEY_INVOKER, NOT_PARSED)).as("no JAX-RS API").isFalse();
        assertThat(events.passedOver()).isEmpty();
    }

    @Test
    void aClassOnlyADisabledGroupWantsIsPassedOverAndReported() {
        EntryPointCandidates candidates = candidates("jersey-javax");

        assertThat(candidates.mayBeInstrumented(seeing("javax/ws/rs/core/Response"), JERSEY_INVOKER, NOT_PARSED)).isFalse();
        assertThat(events.passedOver()).containsExactly("jersey-javax org.glassfish.jersey.server.model.ResourceMethodInvoker");
    }

    @Test
    void theSameClassNameStillPassesForTheGroupOfTheOtherNamespace() {
        EntryPointCandidates candidates = candidates("jersey-javax");

        assertThat(candidates.mayBeInstrumented(seeing("jakarta/ws/rs/core/Response"), JERSEY_INVOKER, NOT_PARSED)).isTrue();
        assertThat(events.passedOver()).isEmpty();
    }

    @Test
    void restEasy3And4ShareTheApisNamespaceAndAreToldApartByTheirOwnClasses() {
        EntryPointCandidates candidates = candidates("resteasy3-javax");

        assertThat(candidates.mayBeInstrumented(seeing(JAVAX_RESPONSE, "org/jboss/resteasy/core/ResteasyContext"),
                RESTEASY_DISPATCHER, NOT_PARSED)).as("RESTEasy 4").isTrue();
        assertThat(candidates.mayBeInstrumented(seeing(JAVAX_RESPONSE, RESTEASY3_INVOKER,
                "org/jboss/resteasy/core/interception/jaxrs/SuspendableContainerResponseContext"),
                RESTEASY_DISPATCHER, NOT_PARSED)).as("RESTEasy 3.5").isFalse();
        assertThat(events.passedOver()).containsExactly("resteasy3-javax org.jboss.resteasy.core.SynchronousDispatcher");
    }

    @Test
    void restEasyBefore35WritesResponsesWithoutACompletionCallbackAndIsLeftAlone() {
        assertThat(candidates().mayBeInstrumented(seeing(JAVAX_RESPONSE, RESTEASY3_INVOKER), RESTEASY_DISPATCHER,
                NOT_PARSED)).isFalse();
        assertThat(events.passedOver()).isEmpty();
    }

    @Test
    void theBootDelegationPassesWhateverIsDisabled() {
        EntryPointCandidates candidates = candidates("servlet-javax", "servlet-jakarta", "jersey-javax", "jersey-jakarta",
                "resteasy-jakarta", "resteasy4-javax", "resteasy3-javax", "cxf-javax");

        assertThat(candidates.mayBeInstrumented(seeing(), "org/jboss/modules/Module", NOT_PARSED)).isTrue();
        assertThat(events.passedOver()).isEmpty();
    }

    @Test
    void aJaxrsRuntimeOfAVersionNoGroupSupportsIsReportedOncePerLoader() {
        EntryPointCandidates candidates = candidates();
        ClassLoader resteasy34 = seeing(JAVAX_RESPONSE, RESTEASY3_INVOKER);

        assertThat(candidates.mayBeInstrumented(resteasy34, RESTEASY_DISPATCHER, NOT_PARSED)).isFalse();
        assertThat(candidates.mayBeInstrumented(resteasy34, "org/jboss/resteasy/core/ServerResponseWriter",
                NOT_PARSED)).isFalse();

        assertThat(events.failures()).singleElement().asString()
                .startsWith("org.jboss.resteasy.core.SynchronousDispatcher in ")
                .contains("no instrumentation group supports", "RESTEasy 3.5 to 3.15", "resource-method");
    }

    @Test
    void aLoaderWithoutTheRuntimesApiIsNoUnsupportedVersion() {
        EntryPointCandidates candidates = candidates();

        candidates.mayBeInstrumented(seeing(JAVAX_RESPONSE), "org/apache/cxf/transport/http/AbstractHTTPDestination",
                NOT_PARSED);

        assertThat(events.failures()).as("CXF's destination is a servlet-kind group: a servlet container serves it").isEmpty();
    }

    @Test
    void aClassLoadedBeforeThePreFilterIsWantedThroughItsHierarchyAndAnyOtherIsNot() {
        EntryPointCandidates candidates = candidates();

        assertThat(candidates.mayWantLoaded(javax.servlet.http.HttpServlet.class)).as("reaches Servlet").isTrue();
        assertThat(candidates.mayWantLoaded(javax.servlet.http.HttpServletRequest.class)).as("no entry point").isFalse();
        assertThat(candidates.mayWantLoaded(Assertions.class)).as("an application's other class").isFalse();
        assertThat(candidates.mayWantLoaded(String.class)).as("the JDK's").isFalse();
    }

    private EntryPointCandidates candidates(String... disabledGroups) {
        return EntryPointCandidates.of(InstrumentationCatalog.all(), Set.of(disabledGroups), events);
    }

    /** A loader that has the given classes as resources, and nothing else (no parent). */
    private static ClassLoader seeing(String... internalNames) {
        Set<String> resources = new HashSet<>();
        for (String name : internalNames) {
            resources.add(name + ".class");
        }
        URL somewhere = EntryPointCandidatesTest.class.getResource("EntryPointCandidatesTest.class");
        return new ClassLoader(null) {
            @Override
            protected URL findResource(String name) {
                return resources.contains(name) ? somewhere : null;
            }
        };
    }
}
