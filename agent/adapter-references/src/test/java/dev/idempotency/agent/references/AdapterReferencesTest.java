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
 * Every nested adapter jar links against the oldest and the newest version of the API it claims.
 * An adapter is compiled against one version only; without this check a call the oldest version
 * lacks would first show as a {@code NoSuchMethodError} in a customer's container.
 */
class AdapterReferencesTest {

    @Test
    void everyAdapterJarLinksAgainstTheOldestAndNewestApiItClaims() {
        List<Path> adapterJars = CheckedJars.adapterJars();
        assertThat(adapterJars).as("nested adapter jars").hasSize(7);
        ClassSource bootstrap = ClassSource.jar(CheckedJars.bootstrapJar(), Origin.AGENT);

        MismatchReport report = new MismatchReport();
        List<String> unchecked = new ArrayList<>();
        for (Path adapterJar : adapterJars) {
            String name = adapterJar.getFileName().toString();
            List<ApiVersion> versions = CheckedJars.apiVersionsOf(name);
            if (versions.size() < 2) {
                unchecked.add(name + " has " + versions.size() + " API version(s) to check against, not the oldest and the newest");
            }
            ClassSource adapter = ClassSource.jar(adapterJar, Origin.ADAPTER);
            for (ApiVersion version : versions) {
                List<ClassSource> visible = new ArrayList<>();
                visible.add(bootstrap);
                version.jars().forEach(jar -> visible.add(ClassSource.jar(jar, Origin.API)));
                ReferenceCheck.Result result = ReferenceCheck.run(adapter, visible);
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
}
