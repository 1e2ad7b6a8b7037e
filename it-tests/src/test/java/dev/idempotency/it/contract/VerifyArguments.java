package dev.idempotency.it.contract;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The {@code verify} command line for the contract suite's config on a demo: a sample for each
 * declared endpoint, the order the payments go to, the merchant header, and the demo's
 * {@code /stats} as the effect count.
 */
public final class VerifyArguments {

    private VerifyArguments() {
    }

    static List<String> forContractConfig(SeedScenarios suite, Path junit) {
        String stats = suite.statsPath();
        long orderId = SeedScenarios.idOf(suite.postOrder(SeedScenarios.order(SeedScenarios.uniqueItem("verify-paid")),
                UUID.randomUUID().toString()));
        return forContractConfig(suite.service().baseUri().toString(), stats, orderId,
                suite instanceof ContractSuite && ((ContractSuite) suite).formPath().isPresent(), junit);
    }

    /** Also for a demo without the agent, which has no suite: {@code orderId} must exist there. */
    public static List<String> forContractConfig(String baseUri, String statsPath, long orderId, boolean withForm, Path junit) {
        List<String> args = new ArrayList<>(List.of("verify", "--url", baseUri,
                "--sample", "create-order={\"item\": \"verify\", \"quantity\": 1}",
                "--count", "create-order=" + statsPath + ",/orders",
                "--sample", "create-payment={\"amount\": 3.50}",
                "--path-param", "id=" + orderId,
                "--header", "X-Merchant-Id=verify-merchant",
                "--count", "create-payment=" + statsPath + ",/payments",
                "--junit", junit.toString()));
        if (withForm) {
            args.addAll(List.of("--sample", "create-order-form=item=verify-form&quantity=1",
                    "--content-type", "create-order-form=application/x-www-form-urlencoded",
                    "--count", "create-order-form=" + statsPath + ",/orders"));
        }
        return args;
    }
}
