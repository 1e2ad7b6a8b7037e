package dev.idempotency.agent.tooling;

/** The registered groups by name, for tests that lay one group's rules over a class. */
final class Groups {

    private Groups() {
    }

    static InstrumentationGroup named(String group) {
        return InstrumentationCatalog.all(true).stream().filter(registered -> registered.group().equals(group))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no group " + group + " is registered"));
    }
}
