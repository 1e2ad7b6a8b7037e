package dev.idempotency.agent.jaxrs.jersey.javax;

import java.net.URI;
import java.security.Principal;
import javax.ws.rs.core.SecurityContext;
import org.glassfish.jersey.internal.MapPropertiesDelegate;
import org.glassfish.jersey.server.ContainerRequest;

/** Jersey's own request objects, as a container hands them to Jersey, for an application at {@code /api/}. */
final class JerseyRequests {

    static final URI BASE = URI.create("http://localhost:8080/api/");

    private JerseyRequests() {
    }

    static ContainerRequest request(String method, String pathAndQuery) {
        return request(method, pathAndQuery, null);
    }

    static ContainerRequest request(String method, String pathAndQuery, String user) {
        return new ContainerRequest(BASE, BASE.resolve(pathAndQuery), method, user == null ? null : signedIn(user),
                new MapPropertiesDelegate(), null);
    }

    private static SecurityContext signedIn(String user) {
        Principal principal = () -> user;
        return new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
                return principal;
            }

            @Override
            public boolean isUserInRole(String role) {
                return false;
            }

            @Override
            public boolean isSecure() {
                return false;
            }

            @Override
            public String getAuthenticationScheme() {
                return BASIC_AUTH;
            }
        };
    }
}
