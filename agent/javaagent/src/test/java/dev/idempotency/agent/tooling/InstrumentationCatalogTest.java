package dev.idempotency.agent.tooling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.GroupLibrary;
import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * One instrumentation per group the config knows, each described and given once by its library's
 * {@link InstrumentationLibrary}, each complete: its adapter jar carries its advice.
 */
class InstrumentationCatalogTest {

    /** By name: the registrations come from several jars. */
    private static final List<String> ENTRY_POINTS = List.of("cxf-javax", "cxfrs-javax", "jersey-jakarta",
            "jersey-javax", "resteasy-jakarta", "resteasy3-javax", "resteasy4-javax", "servlet-jakarta", "servlet-javax");
    private static final List<String> JDK = List.of("http-url-connection", "jdk-hand-offs", "jdk-http-client");
    private static final List<String> CLIENT_LIBRARIES = List.of("apache-httpclient4", "apache-httpclient5", "okhttp3",
            "spring-rest-clients", "spring-webclient");

    private final List<InstrumentationGroup> all = InstrumentationCatalog.all();

    @Test
    void oneInstrumentationPerEntryPointTheConfigKnowsInTheSameOrder() {
        assertThat(all).extracting(InstrumentationGroup::group).containsExactlyElementsOf(ENTRY_POINTS);
        assertThat(InstrumentationGroups.entryPoints()).extracting(GroupDescription::name)
                .containsExactlyElementsOf(ENTRY_POINTS);
    }

    @Test
    void theConfigKnowsEveryGroupTheEntryPointsFirst() {
        List<String> clients = new ArrayList<>(JDK);
        clients.addAll(CLIENT_LIBRARIES);
        clients.sort(null);
        List<String> every = new ArrayList<>(ENTRY_POINTS);
        every.addAll(clients);
        assertThat(InstrumentationGroups.names()).containsExactlyElementsOf(every);
        assertThat(InstrumentationGroups.all()).filteredOn(group -> !group.hasRange()).extracting(GroupDescription::name)
                .containsExactlyElementsOf(JDK);
    }

    @Test
    void everyGroupButTheJdksIsGivenOnceByTheLibraryThatDescribesIt() {
        List<String> given = new ArrayList<>();
        for (GroupLibrary library : ServiceLoader.load(GroupLibrary.class)) {
            if (library instanceof InstrumentationLibrary) {
                List<String> described = library.described().stream().map(GroupDescription::name).toList();
                List<String> groups = ((InstrumentationLibrary) library).groups().stream()
                        .map(InstrumentationGroup::group).toList();
                assertThat(groups).as(library.getClass().getName()).containsExactlyInAnyOrderElementsOf(described);
                given.addAll(groups);
            }
        }
        List<String> applicationLibraries = new ArrayList<>(ENTRY_POINTS);
        applicationLibraries.addAll(CLIENT_LIBRARIES);
        assertThat(given).containsExactlyInAnyOrderElementsOf(applicationLibraries);
        assertThat(InstrumentationCatalog.all(true)).extracting(InstrumentationGroup::group)
                .containsExactlyElementsOf(applicationLibraries);
    }

    @Test
    void eachGroupTellsTheRangeAndAdapterJarOfItsDescription() {
        for (InstrumentationGroup group : InstrumentationCatalog.all(true)) {
            GroupDescription description = InstrumentationGroups.named(group.group());
            assertThat(group.supports()).isEqualTo(description.range().text());
            assertThat(group.adapterJar()).isEqualTo(description.range().adapterJar());
        }
    }

    @Test
    void eachGroupWantsClassesByNameOrByEntryInterfaceAndServesAKind() {
        assertThat(all).allSatisfy(instrumentation -> {
            assertThat(instrumentation.classNames().isEmpty()).as(instrumentation.group())
                    .isNotEqualTo(instrumentation.entryInterfaces().isEmpty());
            assertThat(instrumentation.role()).isIn(GroupRole.SERVLET, GroupRole.JAXRS);
            assertThat(instrumentation.advice()).isNotEmpty();
        });
    }

    @Test
    void eachAdviceClassIsInTheGroupsAdapterJar() throws Exception {
        for (InstrumentationGroup instrumentation : all) {
            NestedJar adapter = NestedJar.open(instrumentation.adapterJar());
            assertThat(instrumentation.advice()).extracting(MethodAdvice::adviceClass).as(instrumentation.group())
                    .allSatisfy(adviceClass -> assertThat(adapter.classes()).containsKey(adviceClass));
        }
    }

    @Test
    void theClientLibrariesAreAddedOnlyWhenAnEndpointPropagatesItsKeyAndCarryTheirAdvice() throws Exception {
        assertThat(InstrumentationCatalog.all(false)).extracting(InstrumentationGroup::group)
                .containsExactlyElementsOf(ENTRY_POINTS);
        List<InstrumentationGroup> withClients = InstrumentationCatalog.all(true);
        assertThat(withClients).extracting(InstrumentationGroup::group).containsSubsequence(ENTRY_POINTS)
                .contains("apache-httpclient4", "apache-httpclient5");
        for (InstrumentationGroup client : InstrumentationCatalog.clients()) {
            assertThat(client.role()).isEqualTo(GroupRole.DOWNSTREAM_CLIENT);
            assertThat(CLIENT_LIBRARIES).contains(client.group());
            NestedJar adapter = NestedJar.open(client.adapterJar());
            assertThat(client.advice()).extracting(MethodAdvice::adviceClass)
                    .allSatisfy(adviceClass -> assertThat(adapter.classes()).containsKey(adviceClass));
        }
    }

    @Test
    void theEnabledAreAllButTheDisabledGroups() {
        assertThat(InstrumentationCatalog.enabled(all, List.of("jersey-javax", "servlet-jakarta")))
                .extracting(InstrumentationGroup::group)
                .containsExactly("cxf-javax", "cxfrs-javax", "jersey-jakarta", "resteasy-jakarta", "resteasy3-javax",
                        "resteasy4-javax", "servlet-javax");
        assertThat(InstrumentationCatalog.enabled(all, List.of())).isEqualTo(all);
    }
}
