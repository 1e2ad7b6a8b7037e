package dev.idempotency.agent.cli.verify;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/** The results as a table for a person and as JUnit XML for a CI. */
final class VerifyReport {

    private final List<CheckResult> results;

    VerifyReport(List<CheckResult> results) {
        this.results = results;
    }

    long count(CheckResult.Outcome outcome) {
        return results.stream().filter(result -> result.outcome == outcome).count();
    }

    void print(PrintStream out) {
        int endpointWidth = Math.max(8, results.stream().mapToInt(result -> result.endpoint.length()).max().orElse(8));
        String row = "%-" + endpointWidth + "s  %-34s  %s%n";
        out.printf(row, "endpoint", "check", "result");
        for (CheckResult result : results) {
            out.printf(row, result.endpoint, result.check, result.outcome.name().toLowerCase(java.util.Locale.ROOT));
            if (!result.detail.isEmpty()) {
                out.println("    " + result.detail);
            }
        }
        out.println(count(CheckResult.Outcome.PASSED) + " passed, " + count(CheckResult.Outcome.FAILED) + " failed, "
                + (count(CheckResult.Outcome.REFUSED) == 0 ? "" : count(CheckResult.Outcome.REFUSED) + " refused by the application, ")
                + count(CheckResult.Outcome.SKIPPED) + " skipped");
    }

    /** One test suite per endpoint, one test case per check. */
    void writeJunit(Path file) throws IOException {
        Map<String, List<CheckResult>> byEndpoint = new TreeMap<>();
        for (CheckResult result : results) {
            byEndpoint.computeIfAbsent(result.endpoint, any -> new java.util.ArrayList<>()).add(result);
        }
        if (file.toAbsolutePath().getParent() != null) {
            Files.createDirectories(file.toAbsolutePath().getParent());
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeStartElement("testsuites");
            for (Map.Entry<String, List<CheckResult>> endpoint : byEndpoint.entrySet()) {
                List<CheckResult> checks = endpoint.getValue();
                xml.writeStartElement("testsuite");
                xml.writeAttribute("name", "idempotency-verify." + endpoint.getKey());
                xml.writeAttribute("tests", Integer.toString(checks.size()));
                xml.writeAttribute("failures", Long.toString(checks.stream()
                        .filter(check -> check.outcome == CheckResult.Outcome.FAILED).count()));
                xml.writeAttribute("errors", Long.toString(checks.stream()
                        .filter(check -> check.outcome == CheckResult.Outcome.REFUSED).count()));
                xml.writeAttribute("skipped", Long.toString(checks.stream()
                        .filter(check -> check.outcome == CheckResult.Outcome.SKIPPED).count()));
                for (CheckResult check : checks) {
                    xml.writeStartElement("testcase");
                    xml.writeAttribute("classname", endpoint.getKey());
                    xml.writeAttribute("name", check.check);
                    if (check.outcome == CheckResult.Outcome.FAILED) {
                        xml.writeStartElement("failure");
                        xml.writeAttribute("message", check.detail);
                        xml.writeEndElement();
                    } else if (check.outcome == CheckResult.Outcome.REFUSED) {
                        // An error, not a failure: the check could not run, the agent did nothing wrong.
                        xml.writeStartElement("error");
                        xml.writeAttribute("message", check.detail);
                        xml.writeEndElement();
                    } else if (check.outcome == CheckResult.Outcome.SKIPPED) {
                        xml.writeStartElement("skipped");
                        xml.writeAttribute("message", check.detail);
                        xml.writeEndElement();
                    }
                    xml.writeEndElement();
                }
                xml.writeEndElement();
            }
            xml.writeEndElement();
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
