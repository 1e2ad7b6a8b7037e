package dev.idempotency.agent.references;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.idempotency.agent.references.CheckedJars.ApiVersion;
import dev.idempotency.agent.references.ClassSource.Origin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every nested adapter jar links against every version of the API it claims, and does not link
 * against the version just below its range. An adapter is compiled against one version only;
 * without the first check a call an older claimed version lacks would first show as a
 * {@code NoSuchMethodError} in a customer's container; without the second, a claim could be
 * narrower than the check believes (the agent's gating refuses exactly what does not link).
 * Uses the optional-reference rule ({@link OptionalReferences}) as the agent does at run time.
 */
class AdapterReferencesTest {

    /** Adapters with no version below their range to check, and why. */
    private static final Map<String, String> NOTHING_BELOW = Map.of(
            "servlet-jakarta.jar", "no Servlet API before 5.0 is in the jakarta.servlet namespace",
            "client-okhttp3.jar", "OkHttp 3.0 is the first in the okhttp3 package; OkHttp 2 is com.squareup.okhttp",
            "client-spring-webclient.jar", "WebClient came with Spring 5.0; Spring 4 has no spring-webflux",
            "client-spring-web.jar", "Spring 3.0 to 4.2 have the same request class and may link; they are left "
                    + "unclaimed because no test here runs them",
            "jaxrs-resteasy3-javax.jar", "RESTEasy 3.0 to 3.4 link too; the group's loader check (a class that came "
                    + "with 3.5) keeps them out, since they write responses without the completion callback",
            "cxfrs-javax.jar", "CXF 2.7, the line below, has the same dispatch and may link; it is left unclaimed "
                    + "because no test here runs it, not because it lacks what the adapter uses");

    @Test
    void everyAdapterJarLinksAgainstEveryApiVersionItClaims() {
        List<Path> adapterJars = CheckedJars.adapterJars();
        assertThat(adapterJars).as("nested adapter jars").hasSize(13);

        MismatchReport report = new MismatchReport();
        List<String> unchecked = new ArrayList<>();
        for (Path adapterJar : adapterJars) {
            String name = adapterJar.getFileName().toString();
            List<ApiVersion> versions = CheckedJars.apiVersionsOf(name);
            if (versions.size() < 2) {
                unchecked.add(name + " has " + versions.size() + " API version(s) to check against, not its whole range");
            }
            for (ApiVersion version : versions) {
                ReferenceCheck.Result result = check(adapterJar, version);
                if (result.apiReferences() == 0) {
                    unchecked.add(name + " uses nothing of " + version.name() + ": wrong jars for this adapter?");
                }
                report.add(name, version.name(), result.mismatches());
            }
        }
        assertThat(unchecked).as("adapter jars the check did not really cover").isEmpty();
        if (!report.isEmpty()) {
            fail(report.toString());
        }
    }

    @Test
    void noAdapterJarLinksAgainstTheVersionBelowItsRange() {
        List<String> wrong = new ArrayList<>();
        for (Path adapterJar : CheckedJars.adapterJars()) {
            String name = adapterJar.getFileName().toString();
            List<ApiVersion> below = CheckedJars.belowRangeOf(name);
            if (below.isEmpty() && !NOTHING_BELOW.containsKey(name)) {
                wrong.add(name + " has no version below its range to check, and no reason why");
            }
            for (ApiVersion version : below) {
                if (check(adapterJar, version).mismatches().isEmpty()) {
                    wrong.add(name + " links against " + version.name()
                            + ", below its range: the claim, or the version below it, is wrong");
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    private static ReferenceCheck.Result check(Path adapterJar, ApiVersion version) {
        List<ClassSource> visible = new ArrayList<>();
        visible.add(ClassSource.jar(CheckedJars.bootstrapJar(), Origin.AGENT));
        version.jars().forEach(jar -> visible.add(ClassSource.jar(jar, Origin.API)));
        return ReferenceCheck.run(ClassSource.jar(adapterJar, Origin.ADAPTER), visible);
    }
}
