package dev.idempotency.agent.tooling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * One instrumentation per group the config knows, each registered once by its library's
 * {@link InstrumentationLibrary}, each complete: its adapter jar carries its advice.
 */
class InstrumentationCatalogTest {

    private final List<InstrumentationGroup> all = InstrumentationCatalog.all();

    @Test
    void oneInstrumentationPerConfigGroupInTheSameOrder() {
        assertThat(all).extracting(InstrumentationGroup::group).containsExactlyElementsOf(InstrumentationGroups.ENTRY_POINTS);
    }

    @Test
    void everyGroupTheConfigKnowsButTheJdksIsRegisteredOnceByItsLibrary() {
        List<String> registered = new ArrayList<>();
        for (InstrumentationLibrary library : ServiceLoader.load(InstrumentationLibrary.class)) {
            library.groups().forEach(group -> registered.add(group.group()));
        }
        List<String> applicationLibraries = new ArrayList<>(InstrumentationGroups.ALL);
        applicationLibraries.removeAll(List.of(InstrumentationGroups.HTTP_URL_CONNECTION,
                InstrumentationGroups.JDK_HTTP_CLIENT, InstrumentationGroups.JDK_HAND_OFFS));
        assertThat(registered).containsExactlyInAnyOrderElementsOf(applicationLibraries);
        assertThat(InstrumentationCatalog.all(true)).extracting(InstrumentationGroup::group)
                .containsExactlyElementsOf(applicationLibraries);
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
                .containsExactlyElementsOf(InstrumentationGroups.ENTRY_POINTS);
        List<InstrumentationGroup> withClients = InstrumentationCatalog.all(true);
        assertThat(withClients).extracting(InstrumentationGroup::group).containsSubsequence(InstrumentationGroups.ENTRY_POINTS)
                .contains(InstrumentationGroups.APACHE_HTTPCLIENT4, InstrumentationGroups.APACHE_HTTPCLIENT5);
        for (InstrumentationGroup client : InstrumentationCatalog.clients()) {
            assertThat(client.role()).isEqualTo(GroupRole.DOWNSTREAM_CLIENT);
            assertThat(InstrumentationGroups.CLIENTS).contains(client.group());
            NestedJar adapter = NestedJar.open(client.adapterJar());
            assertThat(client.advice()).extracting(MethodAdvice::adviceClass)
                    .allSatisfy(adviceClass -> assertThat(adapter.classes()).containsKey(adviceClass));
        }
    }

    @Test
    void theEnabledAreAllButTheDisabledGroups() {
        assertThat(InstrumentationCatalog.enabled(all, List.of("jersey-javax", "servlet-jakarta")))
                .extracting(InstrumentationGroup::group)
                .containsExactly("servlet-javax", "jersey-jakarta", "resteasy-jakarta", "resteasy4-javax",
                        "resteasy3-javax", "cxf-javax", "cxfrs-javax");
        assertThat(InstrumentationCatalog.enabled(all, List.of())).isEqualTo(all);
    }
}
