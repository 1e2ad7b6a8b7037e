package dev.idempotency.agent.vocabulary;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host API versions one instrumentation group claims, and the adapter jar that serves them,
 * written here once. The agent tells an operator this range (its status, and the warning for a
 * class loader whose API lacks what the adapter uses); the build checks it from three sides:
 * the adapter jar's lowest and highest linked versions ({@code agent/adapter-references}), and
 * the group tables of docs/configuration.md, the README and docs/jaxrs.md
 * ({@code agent-config}'s documentation test).
 *
 * <p>The JDK's own classes ({@code http-url-connection}, {@code jdk-http-client},
 * {@code jdk-hand-offs}) have no range: they come with the JVM.
 */
public final class SupportedRange {

    private static final Map<String, SupportedRange> BY_GROUP = byGroup(
            new SupportedRange(InstrumentationGroups.SERVLET_JAVAX, "Servlet", "3.0", "4.0", "javax.servlet", "servlet-javax.jar"),
            new SupportedRange(InstrumentationGroups.SERVLET_JAKARTA, "Jakarta Servlet", "5.0", "6.1", "jakarta.servlet", "servlet-jakarta.jar"),
            new SupportedRange(InstrumentationGroups.JERSEY_JAVAX, "Jersey", "2.8", "2.48", "javax.ws.rs", "jaxrs-jersey-javax.jar"),
            new SupportedRange(InstrumentationGroups.JERSEY_JAKARTA, "Jersey", "3.1", "4.0", "jakarta.ws.rs", "jaxrs-jersey-jakarta.jar"),
            new SupportedRange(InstrumentationGroups.RESTEASY_JAKARTA, "RESTEasy", "6.2", "7.0", "jakarta.ws.rs", "jaxrs-resteasy-jakarta.jar"),
            new SupportedRange(InstrumentationGroups.RESTEASY4_JAVAX, "RESTEasy", "4.0", "4.7", "javax.ws.rs", "jaxrs-resteasy4-javax.jar"),
            new SupportedRange(InstrumentationGroups.RESTEASY3_JAVAX, "RESTEasy", "3.5", "3.15", "javax.ws.rs", "jaxrs-resteasy3-javax.jar"),
            // CXF's destination hands the servlet API's request and response: the servlet adapter serves it
            new SupportedRange(InstrumentationGroups.CXF_JAVAX, "Apache CXF", "3.0", "3.6", "javax.servlet", "servlet-javax.jar"),
            new SupportedRange(InstrumentationGroups.CXF_RS_JAVAX, "Apache CXF", "3.0", "3.6", "javax.ws.rs", "cxfrs-javax.jar"),
            new SupportedRange(InstrumentationGroups.APACHE_HTTPCLIENT4, "Apache HttpClient", "4.3", "4.5", "HttpClientBuilder's clients", "client-apache-httpclient4.jar"),
            new SupportedRange(InstrumentationGroups.APACHE_HTTPCLIENT5, "Apache HttpClient", "5.0", "5.6", "classic and async clients", "client-apache-httpclient5.jar"),
            new SupportedRange(InstrumentationGroups.OKHTTP3, "OkHttp", "3.0", "4.12", "okhttp3", "client-okhttp3.jar"),
            new SupportedRange(InstrumentationGroups.SPRING_WEBCLIENT, "Spring WebClient", "5.0", "7.0", "any connector", "client-spring-webclient.jar"),
            new SupportedRange(InstrumentationGroups.SPRING_REST_CLIENTS, "Spring", "4.3", "7.0", "RestTemplate and RestClient", "client-spring-web.jar"));

    private final String group;
    private final String product;
    private final String lowest;
    private final String highest;
    private final String detail;
    private final String adapterJar;

    private SupportedRange(String group, String product, String lowest, String highest, String detail, String adapterJar) {
        this.group = group;
        this.product = product;
        this.lowest = lowest;
        this.highest = highest;
        this.detail = detail;
        this.adapterJar = adapterJar;
    }

    /** The range of {@code group}, one of {@code InstrumentationGroups.ALL} but the JDK's. */
    public static SupportedRange of(String group) {
        SupportedRange range = BY_GROUP.get(group);
        if (range == null) {
            throw new IllegalArgumentException(group + " has no supported range: the JDK's own classes come with the JVM");
        }
        return range;
    }

    /** Every range, in the order of {@code InstrumentationGroups.ALL}. */
    public static List<SupportedRange> all() {
        return Collections.unmodifiableList(Arrays.asList(BY_GROUP.values().toArray(new SupportedRange[0])));
    }

    public String group() {
        return group;
    }

    /** The lowest claimed line, major and minor: {@code 2.8}. */
    public String lowest() {
        return lowest;
    }

    /** The highest claimed line, major and minor: {@code 2.48}. */
    public String highest() {
        return highest;
    }

    /** The versions as the docs write them: {@code Jersey 2.8 to 2.48}. */
    public String versions() {
        return product + " " + lowest + " to " + highest;
    }

    /** The adapter jar nested in the agent jar that serves this group: {@code jaxrs-jersey-javax.jar}. */
    public String adapterJar() {
        return adapterJar;
    }

    /** As an operator reads it: {@code Jersey 2.8 to 2.48 (javax.ws.rs)}. */
    public String text() {
        return versions() + " (" + detail + ")";
    }

    @Override
    public String toString() {
        return text();
    }

    private static Map<String, SupportedRange> byGroup(SupportedRange... ranges) {
        Map<String, SupportedRange> byGroup = new LinkedHashMap<>();
        for (SupportedRange range : ranges) {
            byGroup.put(range.group, range);
        }
        return Collections.unmodifiableMap(byGroup);
    }
}
