package dev.idempotency.agent.config;

import java.util.Collections;
import java.util.Arrays;
import com.fasterxml.jackson.databind.JsonNode;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.PathTemplate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Binds the {@code endpoints} list: how each endpoint is matched, its settings resolved against
 * the defaults, and no two endpoints claiming the same requests or the same name.
 */
final class EndpointsBinder {

    private static final List<String> METHODS = Collections.unmodifiableList(Arrays.asList("POST", "PUT", "PATCH", "DELETE", "GET", "HEAD", "OPTIONS"));

    private final SettingsBinder settingsBinder;
    private final EndpointSettings defaults;
    private final ProblemList problems;
    // What each endpoint already bound has claimed, to name the earlier one in a conflict.
    private final Map<String, String> routes = new HashMap<>();
    private final Map<String, String> names = new HashMap<>();
    private final Map<String, String> resourceMethods = new HashMap<>();

    EndpointsBinder(SettingsBinder settingsBinder, EndpointSettings defaults, ProblemList problems) {
        this.settingsBinder = settingsBinder;
        this.defaults = defaults;
        this.problems = problems;
    }

    List<EndpointConfig> bind(FieldReader root) {
        JsonNode list = root.value("endpoints");
        List<EndpointConfig> endpoints = new ArrayList<>();
        if (list == null) {
            // None declared yet is a valid start: the agent then protects nothing and only learns,
            // for discover, which state-changing requests the service takes.
            return endpoints;
        }
        if (!list.isArray()) {
            problems.add("endpoints", null, "must be a list of endpoints, each with a method and a path or resource-method");
        } else {
            for (int i = 0; i < list.size(); i++) {
                EndpointConfig endpoint = endpoint(root, list.get(i), "endpoints[" + i + "]");
                if (endpoint != null) {
                    endpoints.add(endpoint);
                }
            }
        }
        return endpoints;
    }

    /**
     * The endpoint, or {@code null} when its method is unusable or it has nothing usable to be
     * matched by, neither a path nor a resource method (already reported).
     */
    private EndpointConfig endpoint(FieldReader root, JsonNode node, String at) {
        if (!node.isObject()) {
            problems.add(at, null, "must be a mapping of fields, like method: POST and path: /orders");
            return null;
        }
        FieldReader r = root.other(node, at, ConfigFields.ENDPOINT);
        String method = method(r);
        // A resource method (even a malformed one, reported as such) stands in for the path.
        PathTemplate path = path(r, !r.has("resource-method"));
        ResourceMethod resourceMethod = resourceMethod(r, at);
        EndpointSettings settings = settingsBinder.bind(r, defaults, false);
        if (method == null || path == null && resourceMethod == null) {
            return null;
        }
        String matchedBy = path != null ? path.toString() : resourceMethod.toString();
        String name = r.text("name", method + " " + matchedBy);
        if (name.trim().isEmpty()) {
            problems.add(r.pathOf("name"), name, "is empty; name the endpoint, e.g. create-order");
        }
        if (path != null) {
            String earlier = routes.putIfAbsent(method + " " + path.shape(), describe(at, name, method, path));
            if (earlier != null) {
                problems.add(r.pathOf("path"), path.text(), "matches the same " + method + " requests as " + earlier
                        + "; keep one of the two endpoints or change a method or path");
            }
        }
        String sameName = names.putIfAbsent(name, at);
        if (sameName != null && r.has("name")) {
            problems.add(r.pathOf("name"), name, "is already the name of " + sameName + "; endpoint names must be unique");
        }
        return new EndpointConfig(name, method, path, resourceMethod, settings);
    }

    private static String describe(String at, String name, String method, PathTemplate path) {
        return at + " \"" + name + "\" (" + method + " " + path + ")";
    }

    private String method(FieldReader r) {
        String method = r.text("method", null);
        if (method == null) {
            problems.add(r.pathOf("method"), null, "is required; e.g. method: POST");
            return null;
        }
        String upper = method.trim().toUpperCase(Locale.ROOT);
        if (!METHODS.contains(upper)) {
            problems.add(r.pathOf("method"), method,
                    "is not an HTTP method; use one of: " + String.join(", ", METHODS));
            return null;
        }
        return upper;
    }

    /** The path template, or {@code null} when absent or unusable (reported, if {@code required}, when absent). */
    private PathTemplate path(FieldReader r, boolean required) {
        String path = r.text("path", null);
        if (path == null) {
            if (required) {
                problems.add(r.pathOf("path"), null, "is required unless resource-method is given;"
                        + " e.g. path: /orders/{id}, or for JAX-RS resource-method: com.acme.OrderResource#create");
            }
            return null;
        }
        String problem = PathTemplate.problemWith(path);
        if (problem != null) {
            problems.add(r.pathOf("path"), path, problem);
            return null;
        }
        return PathTemplate.of(path);
    }

    private ResourceMethod resourceMethod(FieldReader r, String at) {
        String text = r.text("resource-method", null);
        if (text == null) {
            return null;
        }
        String identifier = "[A-Za-z_$][A-Za-z0-9_$]*";
        if (!text.matches(identifier + "(\\." + identifier + ")*#" + identifier)) {
            problems.add(r.pathOf("resource-method"), text,
                    "is not a resource method; use the form com.acme.OrderResource#create");
            return null;
        }
        String earlier = resourceMethods.putIfAbsent(text, at);
        if (earlier != null) {
            problems.add(r.pathOf("resource-method"), text, "is already declared by " + earlier
                    + "; declare each resource method once");
        }
        int hash = text.indexOf('#');
        return new ResourceMethod(text.substring(0, hash), text.substring(hash + 1));
    }
}
