package dev.idempotency.agent.references;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.references.CheckedJars.ApiVersion;
import dev.idempotency.agent.references.ClassSource.Origin;
import dev.idempotency.agent.references.probe.FilterWithoutInitProbe;
import dev.idempotency.agent.references.probe.ServletMappingProbe;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The check fails when it should: probe classes compiled against Servlet 4.0 are reported against
 * 3.1 and pass against 4.0, with the same API jars the adapters are checked against.
 */
class ReferenceCheckTest {

    @Test
    void aMethodAddedInServlet40IsReportedAgainst31() {
        List<Mismatch> mismatches = check(ServletMappingProbe.class, "javax.servlet-api-3.1.0");

        assertThat(mismatches).extracting(Mismatch::problem).containsExactlyInAnyOrder(
                "missing class javax.servlet.http.HttpServletMapping",
                "missing method javax.servlet.http.HttpServletRequest.getHttpServletMapping() : javax.servlet.http.HttpServletMapping");
        assertThat(mismatches).extracting(Mismatch::user)
                .containsOnly("dev/idempotency/agent/references/probe/ServletMappingProbe");
    }

    @Test
    void aMethodAddedInServlet40PassesAgainst40() {
        assertThat(check(ServletMappingProbe.class, "javax.servlet-api-4.0.1")).isEmpty();
    }

    @Test
    void anAbstractMethodThatGotItsDefaultBodyIn40IsReportedAgainst31() {
        assertThat(check(FilterWithoutInitProbe.class, "javax.servlet-api-3.1.0")).extracting(Mismatch::problem)
                .containsExactlyInAnyOrder(
                        "does not implement abstract method javax.servlet.Filter.init(javax.servlet.FilterConfig) : void",
                        "does not implement abstract method javax.servlet.Filter.destroy() : void");
        assertThat(check(FilterWithoutInitProbe.class, "javax.servlet-api-4.0.1")).isEmpty();
    }

    @Test
    void theReportNamesJarVersionClassAndMember() {
        MismatchReport report = new MismatchReport();
        report.add("servlet-javax.jar", "javax.servlet-api-3.1.0",
                check(ServletMappingProbe.class, "javax.servlet-api-3.1.0"));

        assertThat(report.toString()).contains(
                "servlet-javax.jar against javax.servlet-api-3.1.0:",
                "missing method javax.servlet.http.HttpServletRequest.getHttpServletMapping()",
                "in dev.idempotency.agent.references.probe.ServletMappingProbe");
    }

    /** Checks one probe class as if it were the servlet-javax adapter, against one servlet API version. */
    private static List<Mismatch> check(Class<?> probe, String servletApiVersion) {
        ApiVersion version = CheckedJars.apiVersionsOf("servlet-javax.jar").stream()
                .filter(candidate -> candidate.name().equals(servletApiVersion)).findFirst().orElseThrow();
        ClassSource adapter = ClassSource.classFiles(Map.of(probe.getName().replace('.', '/'), classFile(probe)),
                Origin.ADAPTER);
        return ReferenceCheck.run(adapter,
                version.jars().stream().map(jar -> ClassSource.jar(jar, Origin.API)).collect(Collectors.toList()))
                .mismatches();
    }

    private static byte[] classFile(Class<?> type) {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
            return in.readAllBytes();
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }
}
