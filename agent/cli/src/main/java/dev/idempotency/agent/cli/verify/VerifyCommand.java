package dev.idempotency.agent.cli.verify;

import java.util.LinkedHashSet;
import java.util.Collections;
import java.util.Arrays;
import dev.idempotency.agent.config.AgentConfig;
import dev.idempotency.agent.config.EndpointConfig;
import dev.idempotency.agent.cli.Arguments;
import dev.idempotency.agent.cli.CommandFailed;
import dev.idempotency.agent.cli.ConfigOption;
import dev.idempotency.agent.cli.UsageException;
import dev.idempotency.agent.vocabulary.EndpointSettings;
import dev.idempotency.agent.vocabulary.PathTemplate;
import dev.idempotency.agent.vocabulary.ScopePart;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code verify --config <file> --url <base-url> --sample <endpoint>=@body.json ...}: runs the
 * contract against the operator's live service, for every declared endpoint given a sample
 * request, and says per endpoint and check what passed and what did not. Exit 0 when every check
 * that ran passed, 1 when one failed, 2 when the service could not be verified as asked (the
 * application refused a sample, it was unreachable, the arguments were wrong).
 */
public final class VerifyCommand {

    private static final Set<String> VALUE_OPTIONS = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList(ConfigOption.NAME, "url", "sample", "content-type", "path-param", "header", "count", "concurrency", "junit", "login-form", "form", "pid")));
    private static final Set<String> FLAGS = Collections.unmodifiableSet(new LinkedHashSet<>(Arrays.asList("dry-run", "yes")));
    private static final String DEFAULT_CONTENT_TYPE = "application/json";
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    /** Replayed headers a check compares between an answer and its replay, when present. */
    private static final List<String> COMPARED_HEADERS = Collections.unmodifiableList(Arrays.asList("Content-Type", "Location", "Content-Encoding", "ETag"));

    private VerifyCommand() {
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            return verify(args, out, err);
        } catch (SampleRefused cannotVerify) {
            err.println("verify: " + cannotVerify.getMessage());
            return 2;
        }
    }

    private static int verify(String[] args, PrintStream out, PrintStream err) {
        Arguments arguments = Arguments.parse("verify", args, VALUE_OPTIONS, FLAGS);
        arguments.noPositionals();
        AgentConfig config = config(arguments);
        URI base = baseUri(arguments);
        out.println(arguments.flag("dry-run")
                ? "verify --dry-run: nothing is sent; a real run would create resources on " + base
                : "verify: this creates real resources on " + base + ": every endpoint with a sample executes "
                        + "about five times, with fresh keys");
        Map<String, String> samples = pairs(arguments, "sample");
        Map<String, String> types = pairs(arguments, "content-type");
        Map<String, String> pathParams = pairs(arguments, "path-param");
        Map<String, String> headers = pairs(arguments, "header");
        Map<String, String> counts = pairs(arguments, "count");
        int concurrency = arguments.positiveInt("concurrency", 8);
        LoginForm login = loginForm(arguments, base);
        List<CheckResult> results = new ArrayList<>();
        List<Target> targets = new ArrayList<>();
        for (EndpointConfig endpoint : config.endpoints()) {
            String why = whyNotVerifiable(endpoint, samples);
            if (why != null) {
                results.add(CheckResult.skipped(endpoint.name(), "(all checks)", why));
                continue;
            }
            targets.add(target(config, endpoint, base, samples.get(endpoint.name()),
                    types.getOrDefault(endpoint.name(), DEFAULT_CONTENT_TYPE), pathParams, headers,
                    counts.get(endpoint.name())));
        }
        checkNamesGiven(config, samples, "sample");
        checkNamesGiven(config, counts, "count");
        checkNamesGiven(config, types, "content-type");
        if (arguments.flag("dry-run")) {
            if (login != null) {
                out.println("log in twice (two sessions): POST " + login.uri + " with " + login.fieldNames());
            }
            printPlan(targets, login != null, out);
            return 0;
        }
        ContractChecks checks = login == null
                ? new ContractChecks(Probe.withoutCookies(REQUEST_TIMEOUT), null, null, concurrency, new Placeholders())
                : new ContractChecks(loggedIn(login), loggedIn(login), Probe.withoutCookies(REQUEST_TIMEOUT), concurrency,
                        new Placeholders());
        try {
            for (Target target : targets) {
                results.addAll(checks.run(target));
            }
        } catch (IllegalStateException countFailed) {
            throw new SampleRefused("the --count probe failed: " + countFailed.getMessage());
        }
        String pid = arguments.value("pid");
        if (pid != null) {
            results.addAll(0, AgentReports.unprotected(config, pid, err));
        }
        VerifyReport report = new VerifyReport(results);
        report.print(out);
        String junit = arguments.value("junit");
        if (junit != null) {
            try {
                report.writeJunit(Paths.get(junit));
            } catch (IOException e) {
                err.println("verify: " + e.getMessage());
            }
        }
        if (report.count(CheckResult.Outcome.FAILED) > 0) {
            return 1;
        }
        return report.count(CheckResult.Outcome.REFUSED) > 0 ? 2 : 0;
    }

    private static AgentConfig config(Arguments arguments) {
        try {
            return ConfigOption.load(arguments);
        } catch (CommandFailed broken) {
            throw new UsageException("verify: " + broken.getMessage());
        }
    }

    /** The service's base URL; anything but this machine needs {@code --yes}: verify creates real resources. */
    private static URI baseUri(Arguments arguments) {
        String url = arguments.value("url");
        if (url == null) {
            throw new UsageException("verify: needs --url, the service's base URL with its context path, "
                    + "e.g. --url http://localhost:8080/shop");
        }
        URI base;
        try {
            base = URI.create(url.endsWith("/") ? url.substring(0, url.length() - 1) : url);
        } catch (IllegalArgumentException e) {
            throw new UsageException("verify: --url " + url + " is not a URL: " + e.getMessage());
        }
        if (!"http".equals(base.getScheme()) && !"https".equals(base.getScheme()) || base.getHost() == null) {
            throw new UsageException("verify: --url " + url + " needs http:// or https:// and a host");
        }
        if (!isLoopback(base.getHost()) && !arguments.flag("yes")) {
            throw new UsageException("verify: " + base.getHost() + " is not this machine, and verify creates real "
                    + "resources (orders, payments) there; add --yes if that is what you want");
        }
        return base;
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new UsageException("verify: unknown host " + host);
        }
    }

    private static String whyNotVerifiable(EndpointConfig endpoint, Map<String, String> samples) {
        if (endpoint.path().isEmpty()) {
            return "declared by resource method only: verify calls endpoints by path";
        }
        if (!samples.containsKey(endpoint.name())) {
            return "no sample request; give --sample " + endpoint.name() + "=@body.json";
        }
        return null;
    }

    private static Target target(AgentConfig config, EndpointConfig endpoint, URI base, String sample,
            String contentType, Map<String, String> pathParams, Map<String, String> headers, String count) {
        EndpointSettings settings = endpoint.settings();
        URI uri = URI.create(base + concretePath(endpoint, pathParams));
        return new Target(endpoint.name(), endpoint.method(), uri, body(endpoint.name(), sample), contentType,
                headers, settings.keyHeader(), config.logging().requestIdHeader(), settings.required(),
                settings.statuses().missingKey(), settings.statuses().invalidKey(), settings.statuses().keyReused(),
                settings.statuses().inProgress(), COMPARED_HEADERS, count == null ? null : effectCount(base, count),
                sessionCookie(settings), sharedByAllCallers(settings));
    }

    /** {@code scope: none}: one key names one operation whoever sends it. */
    private static boolean sharedByAllCallers(EndpointSettings settings) {
        return settings.scope().stream().allMatch(part -> part.kind() == ScopePart.Kind.NONE);
    }

    private static String sessionCookie(EndpointSettings settings) {
        return settings.scope().stream().map(ScopePart::cookieName).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** {@code --login-form URL --form user=... --form password=...}, or {@code null} without a login. */
    private static LoginForm loginForm(Arguments arguments, URI base) {
        String url = arguments.value("login-form");
        List<String> fields = arguments.values("form");
        if (url == null) {
            if (!fields.isEmpty()) {
                throw new UsageException("verify: --form gives a field of the --login-form; give --login-form URL too");
            }
            return null;
        }
        return new LoginForm(below(base, url, "--login-form"), fields);
    }

    /** Logs a new session in: a probe that keeps its cookies. */
    private static Probe loggedIn(LoginForm login) {
        Probe session = Probe.withCookies(REQUEST_TIMEOUT);
        Answer answer = session.postForm(login.uri, login.body());
        // A form login answers its page (2xx) or a redirect to one (3xx); anything else is no session.
        if (!answer.arrived() || answer.status() >= 400) {
            throw new SampleRefused("the login at " + login.uri + " answered " + answer.describe()
                    + "; check --login-form and its --form fields");
        }
        return session;
    }

    /** A path below {@code base} (after its context path) or an absolute http(s) URL. */
    private static URI below(URI base, String pathOrUrl, String option) {
        boolean absolute = pathOrUrl.startsWith("http://") || pathOrUrl.startsWith("https://");
        if (!absolute && !pathOrUrl.startsWith("/")) {
            throw new UsageException("verify: " + option + " takes a path below --url (/...) or an http:// URL, got "
                    + pathOrUrl);
        }
        try {
            return URI.create(absolute ? pathOrUrl : base + pathOrUrl);
        } catch (IllegalArgumentException e) {
            throw new UsageException("verify: " + option + " " + pathOrUrl + " is not a URL: " + e.getMessage());
        }
    }

    /** The template with every {@code {name}} replaced by its {@code --path-param}. */
    private static String concretePath(EndpointConfig endpoint, Map<String, String> pathParams) {
        PathTemplate template = endpoint.path().get();
        StringBuilder path = new StringBuilder();
        for (String segment : template.segments()) {
            if (segment.startsWith("{") && segment.endsWith("}")) {
                String name = segment.substring(1, segment.length() - 1);
                String value = pathParams.get(name);
                if (value == null) {
                    throw new UsageException("verify: endpoint " + endpoint.name() + " has the path parameter {" + name
                            + "} in " + template.text() + "; give its value with --path-param " + name + "=VALUE");
                }
                path.append('/').append(value);
            } else {
                path.append('/').append(segment);
            }
        }
        return path.length() == 0 ? "/" : path.toString();
    }

    /** {@code @file} reads a file; anything else is the body itself. */
    private static byte[] body(String endpoint, String sample) {
        if (!sample.startsWith("@")) {
            return sample.getBytes(StandardCharsets.UTF_8);
        }
        Path file = Paths.get(sample.substring(1));
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UsageException("verify: cannot read the sample of " + endpoint + " from " + file + ": " + e);
        }
    }

    /**
     * {@code /stats,/orders}: a GET path below the base URL (after its context path, as declared
     * paths are) or an absolute {@code http(s)://} URL, then a JSON pointer or {@code length}.
     */
    private static EffectCount effectCount(URI base, String spec) {
        int comma = spec.indexOf(',');
        String path = comma < 0 ? spec : spec.substring(0, comma);
        String pointer = comma < 0 ? "" : spec.substring(comma + 1);
        if (!(pointer.isEmpty() || pointer.equals("length") || pointer.startsWith("/"))) {
            throw new UsageException("verify: --count needs ENDPOINT=/get-path-below-the-url[,/json/pointer or length] "
                    + "or ENDPOINT=http://host/get-url[,...], got " + spec);
        }
        return new EffectCount(below(base, path, "--count"), pointer);
    }

    /** {@code NAME=VALUE} pairs of a repeatable option. */
    private static Map<String, String> pairs(Arguments arguments, String option) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String pair : arguments.values(option)) {
            int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw new UsageException("verify: --" + option + " takes NAME=VALUE, got " + pair);
            }
            pairs.put(pair.substring(0, equals), pair.substring(equals + 1));
        }
        return pairs;
    }

    private static void checkNamesGiven(AgentConfig config, Map<String, String> byEndpoint, String option) {
        for (String name : byEndpoint.keySet()) {
            if (config.endpoints().stream().noneMatch(endpoint -> endpoint.name().equals(name))) {
                throw new UsageException("verify: --" + option + " names " + name + ", which the config does not "
                        + "declare; endpoints: " + config.endpoints().stream().map(EndpointConfig::name).collect(Collectors.toList()));
            }
        }
    }

    private static void printPlan(List<Target> targets, boolean loggedIn, PrintStream out) {
        for (Target target : targets) {
            out.println(target.endpoint + ": " + target.method + " " + target.uri + " (" + target.contentType + ", "
                    + target.body.length + " bytes" + (target.headers.isEmpty() ? "" : ", headers " + target.headers.keySet())
                    + "), " + (ContractChecks.NAMES.size() + (ContractChecks.sessionsChecked(target, loggedIn) ? 1 : 0)) + " checks" + (target.count == null ? "" : ", effects by " + target.count));
        }
    }
}
