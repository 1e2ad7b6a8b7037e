package dev.idempotency.agent.references;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.idempotency.agent.references.CheckedJars.ApiVersion;
import dev.idempotency.agent.references.ClassSource.Origin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every adapter jar the module under check nests links against every version of the API it claims,
 * and does not link against the version just below its range. An adapter is compiled against one
 * version only; without the first check a call an older claimed version lacks would first show as a
 * {@code NoSuchMethodError} in a customer's container; without the second, a claim could be
 * narrower than the check believes (the agent's gating refuses exactly what does not link).
 * Uses the optional-reference rule ({@link OptionalReferences}) as the agent does at run time.
 * Runs in each adapter module's build, over what its pom laid out ({@link CheckedJars}).
 */
class AdapterReferencesCheck {

    @Test
    void everyAdapterJarLinksAgainstEveryApiVersionItClaims() {
        List<Path> adapterJars = CheckedJars.adapterJars();
        assertThat(adapterJars).as("the module's nested adapter jars").isNotEmpty();
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
            if (below.isEmpty() && CheckedJars.whyNothingBelow(name).isEmpty()) {
                wrong.add(name + " has no version below its range to check, and no reason why"
                        + " (reference-check.nothing-below." + CheckedJars.baseName(name) + " in the pom)");
            }
            if (!below.isEmpty() && CheckedJars.whyNothingBelow(name).isPresent()) {
                wrong.add(name + " is checked against a version below its range, but the pom says there is none");
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
