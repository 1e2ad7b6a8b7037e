package dev.idempotency.it.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.it.support.AgentCli;
import dev.idempotency.it.support.DemoApp;
import dev.idempotency.it.support.Http;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The walk from nothing declared to a passing {@code verify} on a browser-facing application, with
 * no hand edit: the javax demo's shop ({@code ShopServlet}: a form login, a form posted and answered
 * by a redirect whose URL carries the session id, an order placed by a GET link), used as a browser
 * uses it, never sending a key. {@code discover} drafts a config the shop survives when pasted (the
 * browser's form and login keep working, the GET is a comment), and {@code verify}, logged in,
 * passes on it; in a session that never logged in the application fails on its own, which verify
 * does not blame on the agent.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class BrowserShopWalkTest {

    private static final String HEAD = "service-name: shop\non-config-error: fail\n";
    private static final String FORM = "application/x-www-form-urlencoded";

    @Test
    void discoverDraftsAConfigTheShopSurvivesAndVerifyPassesOnIt(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("agent.yaml"), HEAD + "endpoints: []\n");
        try (DemoApp shop = DemoApp.servletJavax().workDir(dir).agentConfig(config).start()) {
            shopAsABrowser(shop, "first");
            AgentCli cli = new AgentCli(dir, config);

            AgentCli.Result discovered = cli.runWithoutConfig("discover", Long.toString(shop.pid()));

            assertThat(discovered.exitCode()).as(discovered.toString()).isZero();
            assertThat(discovered.stdout()).as(discovered.toString()).contains(
                    "  POST /shop/orders: 1 request(s), Idempotency-Key never sent, content types: " + FORM
                            + ", credentials: session cookie JSESSIONID",
                    "  GET /shop/checkout: 1 request(s), Idempotency-Key never sent, content types: none, credentials: "
                            + "session cookie JSESSIONID, a GET that may change state (its query names confirmed, newOrder)",
                    "    required: false   # its callers never sent Idempotency-Key",
                    "    scope: cookie:JSESSIONID",
                    "  # not drafted: POST /login, a login or logout",
                    "  # not drafted: GET /shop/checkout, a GET that may change state");
            String endpoints = discovered.stdout().substring(discovered.stdout().indexOf("endpoints:\n"));
            Files.writeString(config, HEAD + endpoints);
            shop.restart();

            // pasted as drafted, the shop still works for a browser
            shopAsABrowser(shop, "second");
            // a session cookie the shop never gave: the scope is satisfied, the shop fails on its own
            AgentCli.Result withoutLogin = verify(cli, shop, "--header", "Cookie=JSESSIONID=never-logged-in");
            AgentCli.Result verified = verify(cli, shop, "--login-form", "/login", "--form", "user=verify",
                    "--form", "password=demo");

            assertThat(withoutLogin.exitCode()).as(withoutLogin.toString()).isEqualTo(2);
            assertThat(withoutLogin.stdout()).as(withoutLogin.toString())
                    .contains("the application refused the sample: 500 ", "the application's own error, not the agent's");
            assertThat(verified.exitCode()).as(endpoints + verified).isZero();
            assertThat(verified.stdout()).as(verified.toString()).contains("7 passed, 0 failed, 1 skipped")
                    .contains("required: false");
        }
    }

    /** Logs in, posts the order form, follows nothing, places one order by the GET link: two orders. */
    private static void shopAsABrowser(DemoApp shop, String item) {
        Http http = Http.to(shop.baseUri());
        long before = orders(http);
        Http.Response login = http.postForm("/login", "user=alice&password=demo");
        assertThat(login.status()).as(login.body()).isEqualTo(303);
        String session = login.header("Set-Cookie").orElseThrow().split(";")[0];

        Http.Response posted = http.postForm("/shop/orders", "item=" + item + "&quantity=2", "Cookie", session);
        Http.Response linked = http.get("/shop/checkout?newOrder=&item=" + item + "-link&confirmed=true",
                "Cookie", session);

        assertThat(posted.status()).as(posted.body()).isEqualTo(303);
        assertThat(posted.header("Location")).hasValueSatisfying(location -> assertThat(location)
                .startsWith("/shop/orders/").contains(";jsessionid="));
        assertThat(linked.status()).as(linked.body()).isEqualTo(303);
        assertThat(orders(http) - before).isEqualTo(2);
    }

    private static AgentCli.Result verify(AgentCli cli, DemoApp shop, String... login) {
        String[] common = {"verify", "--url", shop.baseUri().toString(),
            "--sample", "post-shop-orders=item=book-{{seq}}&quantity=1",
            "--content-type", "post-shop-orders=" + FORM,
            "--count", "post-shop-orders=/shop/orders,/orders"};
        String[] args = new String[common.length + login.length];
        System.arraycopy(common, 0, args, 0, common.length);
        System.arraycopy(login, 0, args, common.length, login.length);
        return cli.run(args);
    }

    private static long orders(Http http) {
        return http.get("/shop/orders").json().get("orders").asLong();
    }
}
