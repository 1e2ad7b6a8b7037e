package dev.idempotency.agent.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/** The store kinds this agent has: each store module's {@link StoreProvider}, found by {@link ServiceLoader}. */
public final class StoreProviders {

    private static volatile List<StoreProvider> loaded;

    private StoreProviders() {
    }

    /**
     * The provider of {@code url}'s kind.
     *
     * @throws IllegalArgumentException when no store takes it, listing the forms that are taken
     */
    public static StoreProvider forUrl(String url) {
        for (StoreProvider provider : all()) {
            if (provider.handles(url)) {
                return provider;
            }
        }
        List<String> forms = new ArrayList<>();
        for (StoreProvider provider : all()) {
            forms.addAll(provider.urlForms());
        }
        int last = forms.size() - 1;
        String listed = last <= 0 ? String.join("", forms) : String.join(", ", forms.subList(0, last)) + " or " + forms.get(last);
        throw new IllegalArgumentException("is not a store URL; use forms like " + listed);
    }

    /** Every provider, by class name. */
    public static List<StoreProvider> all() {
        List<StoreProvider> providers = loaded;
        if (providers == null) {
            List<StoreProvider> found = new ArrayList<>();
            for (StoreProvider provider : ServiceLoader.load(StoreProvider.class, StoreProvider.class.getClassLoader())) {
                found.add(provider);
            }
            // the order the message lists them in, whatever order the class path had
            found.sort(Comparator.comparing(provider -> provider.getClass().getName()));
            providers = Collections.unmodifiableList(found);
            loaded = providers;
        }
        return providers;
    }
}
