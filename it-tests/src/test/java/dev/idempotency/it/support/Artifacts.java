package dev.idempotency.it.support;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the build put the jars and archives the tests fork; paths come from system properties set by it-tests/pom.xml. */
public final class Artifacts {

    private Artifacts() {}

    /** The shaded agent jar ({@code idempotency.agent.jar}). */
    public static Path agentJar() {
        return existing("idempotency.agent.jar");
    }

    /** The runnable javax servlet demo on embedded Tomcat 9. */
    public static Path servletJavaxJar() {
        return existing("demo.jar.servlet-javax");
    }

    /** The two services of the downstream demo, orders calling payments, on embedded Tomcat 9. */
    public static Path chainServletJavaxJar() {
        return existing("demo.jar.chain-servlet-javax");
    }

    /** The orders service calling payments with Spring 6's RestClient and WebClient, on embedded Jetty 12. */
    public static Path chainSpring6JakartaJar() {
        return existing("demo.jar.chain-spring6-jakarta");
    }

    /** The runnable jakarta servlet demo on embedded Jetty 12. */
    public static Path servletJakartaJar() {
        return existing("demo.jar.servlet-jakarta");
    }

    /** The JAX-RS demo on Jersey 2 and the JDK HTTP server (in Tomcat 9 with {@code -Ddemo.server=tomcat}). */
    public static Path jaxrsJavaxJar() {
        return existing("demo.jar.jaxrs-javax");
    }

    /** The JAX-RS demo on RESTEasy 6.2 and Netty 4. */
    public static Path jaxrsJakartaJar() {
        return existing("demo.jar.jaxrs-jakarta");
    }

    /** The jakarta resources of the RESTEasy demo on Jersey 4 and Grizzly. */
    public static Path jaxrsJerseyJakartaJar() {
        return existing("demo.jar.jaxrs-jersey-jakarta");
    }

    /** The javax servlet demo as a WAR, for {@link StandaloneTomcat}. */
    public static Path ordersWar() {
        return existing("demo.war");
    }

    /** The estate's Apache CXF 3.5 WAR ({@code CXFNonSpringJaxrsServlet} at {@code /api/*}), for {@link StandaloneTomcat}. */
    public static Path estateCxfWar() {
        return existing("estate.war.cxf");
    }

    /** The estate's Apache CXF 3.5 on its own Jetty transport, runnable ({@code /api}). */
    public static Path estateCxfJettyJar() {
        return existing("estate.jar.cxf-jetty");
    }

    /** TomEE 8's embedded distribution, runnable: {@code org.apache.tomee.embedded.Main} over its {@code lib/}. */
    public static Path estateTomee8Jar() {
        return existing("estate.jar.tomee8");
    }

    /** The Open Liberty distribution zip with every feature ({@code openliberty-runtime}). */
    public static Path openLibertyZip() {
        return existing("demo.openliberty.zip");
    }

    public static Path estateVertxJar() {
        return existing("estate.jar.vertx");
    }

    /** The estate's Jersey 1.19 WAR ({@code ServletContainer} at {@code /api/*}), for {@link StandaloneTomcat}. */
    public static Path estateJersey1War() {
        return existing("estate.war.jersey1");
    }

    /** The Tomcat 9 distribution zip. */
    public static Path tomcatZip() {
        return existing("demo.tomcat.zip");
    }

    /** The Tomcat 7 distribution zip (Servlet 3.0). */
    public static Path tomcat7Zip() {
        return existing("demo.tomcat7.zip");
    }

    /** The estate servlets in a Servlet 3.0 WAR ({@code legacy-demo/estate/servlet30-war}). */
    public static Path estateServlet30War() {
        return existing("estate.war.servlet30");
    }

    /** The estate servlets on embedded Jetty 7.6 (Servlet 2.5, which the agent does not support). */
    public static Path estateJetty7Jar() {
        return existing("estate.jar.jetty7");
    }

    /** The estate servlets on embedded Jetty 8.1 (Servlet 3.0). */
    public static Path estateJetty8Jar() {
        return existing("estate.jar.jetty8");
    }

    /** The estate servlets on embedded Jetty 9.4 (Servlet 3.1). */
    public static Path estateJetty94Jar() {
        return existing("estate.jar.jetty94");
    }

    /** The estate contract as a Spring Boot 2.7 executable jar (embedded Tomcat 9, javax). */
    public static Path estateSpringBoot27Jar() {
        return existing("estate.jar.spring-boot27");
    }

    /** The Jakarta EE 10 WAR ({@code orders-ee.war}), for {@link WildFly} and {@link PayaraMicro}. */
    public static Path ordersEeWar() {
        return existing("demo.war.ee");
    }

    /** The WildFly distribution zip. */
    public static Path wildflyZip() {
        return existing("demo.wildfly.zip");
    }

    /** The Payara Micro jar. */
    public static Path payaraMicroJar() {
        return existing("demo.payara-micro.jar");
    }

    /** The estate's JAX-RS resources on Jersey 2.25.1 and the JDK HTTP server. */
    public static Path estateJersey225JdkHttpJar() {
        return existing("estate.jar.jersey225-jdkhttp");
    }

    /** The estate's JAX-RS resources in Jersey 2.25.1's servlet, mapped at {@code /api/*}, for {@link StandaloneTomcat}. */
    public static Path estateJersey225War() {
        return existing("estate.war.jersey225");
    }

    /** The estate's JAX-RS resources on RESTEasy 3.15 and the JDK HTTP server. */
    public static Path estateResteasy3JdkHttpJar() {
        return existing("estate.jar.resteasy3-jdkhttp");
    }

    /** The estate's JAX-RS resources as a Java EE 8 WAR under {@code @ApplicationPath("api")}, for {@link WildFly} 26. */
    public static Path estateJavaee8War() {
        return existing("estate.war.javaee8");
    }

    /** The WildFly 26 distribution zip (Java EE 8, javax). */
    public static Path wildfly26Zip() {
        return existing("demo.wildfly26.zip");
    }

    public static Path wildfly14Zip() {
        return existing("demo.wildfly14.zip");
    }

    public static Path wildfly10Zip() {
        return existing("demo.wildfly10.zip");
    }

    public static Path estateJersey28JdkHttpJar() {
        return existing("estate.jar.jersey28-jdkhttp");
    }

    public static Path estateJersey20JdkHttpJar() {
        return existing("estate.jar.jersey20-jdkhttp");
    }

    public static Path estateSpringBoot15Jar() {
        return existing("estate.jar.spring-boot15");
    }

    /** A file of this repository, as the docs name it ({@code docs/verify.md}, {@code agent-config/examples/demo.yaml}). */
    public static Path repoFile(String relative) {
        String root = System.getProperty("idempotency.repo.root");
        if (root == null) {
            throw new IllegalStateException("system property idempotency.repo.root is not set; run the tests through Maven (it-tests/pom.xml sets it)");
        }
        return Path.of(root).resolve(relative).toAbsolutePath().normalize();
    }

    private static Path existing(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("system property " + property + " is not set; run the tests through Maven (it-tests/pom.xml sets it)");
        }
        Path path = Path.of(value).toAbsolutePath().normalize();
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(property + " points to " + path + ", which does not exist; build it first (mvn -pl it-tests -am verify)");
        }
        return path;
    }
}
